"""Spare PyScript the compiling of its own Python package at every start.

PyScript writes its ``pyscript`` package as source into the current folder at every start,
then imports it, which compiles it. The build puts that package's bytecode in the app archive
(``pyscript-pycache/``, docs/startup.md, "Bytecode"), as *checked* hash-based pycs: :func:`prime`
copies them into ``pyscript/__pycache__/`` before PyScript runs, and Python uses each one only
if the source PyScript writes hashes the same, else it compiles that source as usual. So a
different PyScript can make a start slower, never wrong.
"""

from __future__ import annotations

import os
import zipfile

#: The folder of the app archive that holds PyScript's bytecode (web/bytecode_job.py).
ARCHIVE_FOLDER = "pyscript-pycache/"


def prime(app_archive: str, home: str | None = None) -> int:
    """Copy the archive's PyScript bytecode to ``<home>/pyscript/__pycache__/`` (home: the
    current folder, where PyScript writes its package); return how many files were copied."""
    target = os.path.join(home or os.getcwd(), "pyscript", "__pycache__")
    copied = 0
    with zipfile.ZipFile(app_archive) as archive:
        for name in archive.namelist():
            if name.startswith(ARCHIVE_FOLDER) and name.endswith(".pyc"):
                os.makedirs(target, exist_ok=True)
                with open(os.path.join(target, name[len(ARCHIVE_FOLDER) :]), "wb") as file:
                    file.write(archive.read(name))
                copied += 1
    return copied
