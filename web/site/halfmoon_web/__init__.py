"""Half Moon's browser view: DOM-free helpers (i18n, settings, stats, clock) and the DOM layer.

Modules that touch the DOM (``board_view``, ``board``, ``app``) import ``js``/``pyodide`` and only
run in the browser; every other module is plain Python, unit-tested on CPython.
"""
