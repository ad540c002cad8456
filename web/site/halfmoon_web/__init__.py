"""Half Moon's browser view, one package per part (docs/architecture.md, "The view"): ``board``,
``shared`` and ``runtime`` serve every page; ``game``, ``storage``, ``stats`` and ``sharing`` the
game page; ``steps`` the step viewer; ``rules`` and ``embed`` their pages.

Modules that touch the DOM import ``js``/``pyodide`` and only run in the browser; every other
module is plain Python, unit-tested on CPython.
"""
