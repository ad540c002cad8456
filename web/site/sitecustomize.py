"""Zip imports that read each module once: run by ``site`` as the interpreter starts.

Every module of a page comes from a zip archive (docs/startup.md, "Bytecode"). The standard
``zipimport.zipimporter`` reads, inflates and unmarshals a module's bytecode twice: once when it
finds the module (``find_spec`` asks ``get_filename`` for the module's path, which it learns by
loading the code) and again when it runs it (``get_code``). About 200 modules are imported
before a page is on screen, so that doubles a good part of their cost.

The build puts this module in every page's standard library archive as ``sitecustomize``, which
``site`` imports while the interpreter starts, before Pyodide, PyScript or the page import
anything else. It replaces the zip path hook with :class:`ZipImporter`, which keeps the code
``get_filename`` loaded and hands it to ``get_code``. It relies on one private function of
``zipimport`` (the one both methods call); if a later Python lacks it, nothing is replaced and
imports work as before. ``e2e/test_bytecode.py`` checks, in the browser, that it is in use.
"""

from __future__ import annotations

import sys
import zipimport
from types import CodeType

_load_code = getattr(zipimport, "_get_module_code", None)


class ZipImporter(zipimport.zipimporter):
    """A ``zipimporter`` that loads a module's code once between finding and running it."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self.found_code: dict[str, CodeType] = {}
        """Code :meth:`get_filename` loaded, by module name, until :meth:`get_code` takes it."""

    def get_filename(self, fullname: str) -> str:
        """The module's path in the archive; its code is kept for :meth:`get_code`."""
        code, _is_package, path = _load_code(self, fullname)
        self.found_code[fullname] = code
        return path

    def get_code(self, fullname: str) -> CodeType:
        """The module's code: the one :meth:`get_filename` loaded, else loaded now."""
        if fullname in self.found_code:
            return self.found_code.pop(fullname)
        return super().get_code(fullname)


def install() -> bool:
    """Put :class:`ZipImporter` in place of ``zipimporter`` among the path hooks (and forget
    the importers made so far); False when this Python's ``zipimport`` is not the one expected."""
    if _load_code is None or zipimport.zipimporter not in sys.path_hooks:
        return False
    sys.path_hooks[sys.path_hooks.index(zipimport.zipimporter)] = ZipImporter
    sys.path_importer_cache.clear()
    return True


if __name__ == "sitecustomize":
    install()
