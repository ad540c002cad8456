"""Tiny DOM helpers shared by the browser-side modules.

Pyodide turns JavaScript ``null`` into ``pyodide.ffi.jsnull`` (not ``None``), so "no element"
and "no attribute" are tested with :func:`found`.
"""

from __future__ import annotations

from typing import Any

try:
    from pyodide.ffi import jsnull
except ImportError:  # plain CPython (unit tests): null is None there
    jsnull = None


def found(value: Any) -> bool:
    """True unless ``value`` is JavaScript ``null``/``undefined`` (or Python None)."""
    return value is not None and value is not jsnull
