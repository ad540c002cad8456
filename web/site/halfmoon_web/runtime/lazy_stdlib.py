"""The rest of the standard library, fetched only when something imports it.

A page ships only the standard library modules it imports at start (docs/startup.md,
"Bytecode"). So that no other import can ever fail, :func:`install` puts a finder at the end of
``sys.meta_path``: when no other finder knows a module and its top-level name is one of the
standard library's (listed by the build in the app archive's ``stdlib-names.txt``), it fetches
the whole standard library once (``fetch_sync`` of the ``halfmoon_runtime`` JavaScript module,
see runtime.mjs), adds it to ``sys.path`` and finds the module there.

Plain Python but for that one fetch, so it is unit-tested on CPython with a fake fetch.
"""

from __future__ import annotations

import importlib.machinery
import sys
import zipimport
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: The build's list of the standard library's top-level names, inside the app archive.
NAMES_FILE = "stdlib-names.txt"
#: Where the fetched archive is written in Pyodide's file system.
ARCHIVE = "/lib/halfmoon-stdlib-all.zip"

Fetch = Callable[[str], bytes | None]


class LazyStdlib:
    """A ``sys.meta_path`` finder of the standard library modules a page did not ship."""

    def __init__(self, url: str, names: frozenset[str], fetch: Fetch, archive: str) -> None:
        self.url = url
        self.names = names
        self.fetch = fetch
        self.archive = archive
        self.mounted = False

    def mount(self) -> None:
        """Fetch the archive (once) and put it at the end of ``sys.path``."""
        if self.mounted:
            return
        data = self.fetch(self.url)
        if data is None:
            raise ImportError(f"could not load {self.url} (the rest of the standard library)")
        with open(self.archive, "wb") as file:
            file.write(data)
        sys.path.append(self.archive)
        self.mounted = True

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """Find ``fullname`` in the fetched archive when it is a standard library module."""
        if fullname.partition(".")[0] not in self.names:
            return None
        self.mount()
        package = fullname.rpartition(".")[0]
        where = f"{self.archive}/{package.replace('.', '/')}" if package else self.archive
        return importlib.machinery.PathFinder.find_spec(fullname, [where])


def stdlib_names(app_archive: str) -> frozenset[str]:
    """The names listed in the app archive's :data:`NAMES_FILE`."""
    data = zipimport.zipimporter(app_archive).get_data(NAMES_FILE)
    return frozenset(data.decode("ascii").split())


def install(url: str, app_archive: str, fetch: Fetch | None = None) -> LazyStdlib:
    """Append the finder to ``sys.meta_path`` (after every other finder); return it."""
    if fetch is None:
        from halfmoon_runtime import fetch_sync  # runtime.mjs's synchronous fetch

        def fetch(href: str) -> bytes | None:
            data = fetch_sync(href)
            return None if data is None else bytes(data.to_bytes())

    finder = LazyStdlib(url, stdlib_names(app_archive), fetch, ARCHIVE)
    sys.meta_path.append(finder)
    return finder
