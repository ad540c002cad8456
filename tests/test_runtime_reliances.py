"""What Half Moon leans on inside Pyodide and PyScript beyond their documented APIs
(docs/upgrading.md). Each test names its reliance, so that an upgrade of the runtime fails
here, loudly and by name, before a browser test fails for a reason that is hard to read."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
PYODIDE_MJS = NODE_MODULES / "pyodide" / "pyodide.mjs"

needs_runtime = pytest.mark.skipif(
    not PYODIDE_MJS.is_file() or not PYSCRIPT_DIST.is_dir(),
    reason="node_modules is not installed (npm ci)",
)


def pyscript_core_chunks() -> str:
    """The text of PyScript's ``core-*.js`` chunks, where its hooks and Python package live."""
    return "\n".join(p.read_text("utf-8") for p in PYSCRIPT_DIST.glob("core-*.js"))


def build_module():
    """web/build.py as a module (it is a script beside the site, not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("halfmoon_build", ROOT / "web" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def run_in_pyodide(program: str, tmp_path: Path) -> dict[str, object]:
    """Run ``program`` in the Pyodide the site ships (on Node); it writes /job/out.json."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    script = tmp_path / "probe.py"
    script.write_text(program, encoding="utf-8")
    done = subprocess.run(
        [node, str(ROOT / "web" / "pyodide_run.mjs"), str(script), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads((tmp_path / "out.json").read_text("utf-8"))


ZIPIMPORT_PROBE = """
import json, sys, zipfile, zipimport
with zipfile.ZipFile("/tmp/probe.zip", "w") as zf:
    zf.writestr("probe_mod.py", "X = 1\\n")
found = {"has": hasattr(zipimport, "_get_module_code"), "shape": None,
         "hook": zipimport.zipimporter in sys.path_hooks}
if found["has"]:
    result = zipimport._get_module_code(zipimport.zipimporter("/tmp/probe.zip"), "probe_mod")
    found["shape"] = [type(part).__name__ for part in result]
with open("/job/out.json", "w") as out:
    json.dump(found, out)
"""


@needs_runtime
def test_r1_zipimport_get_module_code_is_there_with_its_shape(tmp_path: Path) -> None:
    """R1: web/site/sitecustomize.py calls ``zipimport._get_module_code(importer, name)`` and
    reads ``(code, is_package, path)``; the stock ``zipimporter`` is on ``sys.path_hooks``."""
    found = run_in_pyodide(ZIPIMPORT_PROBE, tmp_path)
    assert found["has"], "R1 (docs/upgrading.md): zipimport._get_module_code is gone"
    assert found["shape"] == ["code", "bool", "str"], (
        f"R1 (docs/upgrading.md): zipimport._get_module_code returns {found['shape']}"
    )
    assert found["hook"], "R1 (docs/upgrading.md): zipimporter is not among sys.path_hooks"


@needs_runtime
def test_r2_pyscript_builds_its_worker_hooks_from_text() -> None:
    """R2: web/site/start.mjs empties ``hooks.worker.onBeforeRunAsync`` (PyScript builds those
    hooks with Function(), which the CSP blocks); the name must still exist in PyScript's
    core, exported as ``hooks`` from core.js."""
    core = pyscript_core_chunks()
    assert "onBeforeRunAsync" in core, (
        "R2 (docs/upgrading.md): PyScript's core no longer has hooks.worker.onBeforeRunAsync"
    )
    exports = (PYSCRIPT_DIST / "core.js").read_text("utf-8")
    assert re.search(r"\bhooks\b", exports), "R2 (docs/upgrading.md): core.js exports no hooks"


@needs_runtime
def test_r3_pyscript_carries_its_python_package_as_text_in_its_core() -> None:
    """R3: the build reads PyScript's own Python package out of its core chunk (it writes it
    into the current folder at start; halfmoon_web/runtime/pyscript_bytecode.py primes its
    bytecode there)."""
    build = build_module()
    files = build.pyscript_python(pyscript_core_chunks())
    assert "__init__.py" in files, "R3 (docs/upgrading.md): PyScript's package is not in its core"
    for name, source in files.items():
        compile(source, f"pyscript/{name}", "exec")  # what the browser's Python will import


@needs_runtime
def test_r4_pyscript_names_its_plugins_in_one_table() -> None:
    """R4: the build ships PyScript's plugin chunks found in core's plugin table
    (``name:()=>import("./chunk.js")``), the error plugin among them."""
    build = build_module()
    chunks = build.pyscript_files(PYSCRIPT_DIST)
    assert any(c.startswith("error-") for c in chunks), "R4 (docs/upgrading.md): no error plugin"
    assert any(c.startswith("core-") for c in chunks), "R4 (docs/upgrading.md): no core chunk"


@needs_runtime
def test_r5_load_pyodide_takes_the_options_the_runtime_module_passes() -> None:
    """R5: web/site/runtime.mjs passes ``stdLibURL`` (the page's bytecode standard library)
    and ``lockFileContents`` (no pyodide-lock.json download) to ``loadPyodide``."""
    source = PYODIDE_MJS.read_text("utf-8")
    for option in ("stdLibURL", "lockFileContents", "indexURL"):
        assert option in source, f"R5 (docs/upgrading.md): loadPyodide lost the {option} option"


#: Where PyScript's core defines its IndexedDB maps (R9): the constants they use, ``IDBMap``
#: (``y``) and ``IDBMapSync`` (``h``), up to the next definition.
IDBMAP_CLASSES = re.compile(
    r"const\{assign:p\}=Object,f=\"entries\".*?class y extends EventTarget\{.*?"
    r"class h extends Map\{.*?\}(?=const g=)",
    re.S,
)


def idbmap_probe(core_text: str, how: str, tmp_path: Path) -> dict[str, object]:
    """Run ``tests/pyscript_idbmap_probe.mjs`` on the IndexedDB maps of ``core_text``, with
    IndexedDB refused as ``how`` says."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    found = IDBMAP_CLASSES.search(core_text)
    assert found, "R9 (docs/upgrading.md): PyScript's IDBMap and IDBMapSync are not where they were"
    code = tmp_path / f"idbmap-{how}.js"
    code.write_text(found.group(0), encoding="utf-8")
    done = subprocess.run(
        [node, str(ROOT / "tests" / "pyscript_idbmap_probe.mjs"), str(code), how],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@needs_runtime
def test_r9_the_build_patches_pyscripts_indexeddb_maps_once_each() -> None:
    """R9: web/build.py patches PyScript's core (``PYSCRIPT_PATCHES``), each patch's text found
    exactly once in the vendored chunk; an upgrade that changes it stops the build."""
    build = build_module()
    core = pyscript_core_chunks()
    for patch in build.PYSCRIPT_PATCHES:
        assert core.count(patch.old) == 1, (
            f"R9 (docs/upgrading.md): patch {patch.name!r}'s text is found "
            f"{core.count(patch.old)} times in PyScript's core, not once"
        )


@needs_runtime
@pytest.mark.parametrize("how", ["missing", "throws", "error"])
def test_r9_pyscripts_indexeddb_maps_bear_a_refused_indexeddb_once_patched(
    how: str, tmp_path: Path
) -> None:
    """R9: with IndexedDB refused (no ``indexedDB``, ``open`` throwing, the request failing),
    PyScript's maps as published leave nothing unhandled, its package cache syncs (in memory),
    and a use of ``pyscript.fs`` is refused to its caller. As shipped upstream they do not:
    that is why the build patches them (the probe shows it, so a PyScript that fixed it can
    drop the patch)."""
    build = build_module()
    core = pyscript_core_chunks()
    patched = core
    for patch in build.PYSCRIPT_PATCHES:
        patched = patched.replace(patch.old, patch.new)
    assert idbmap_probe(patched, how, tmp_path) == {
        "problems": [],
        "synced": "resolved",
        "used": "rejected",
    }, "R9 (docs/upgrading.md): the patched IDBMap does not bear a refused IndexedDB"
    upstream = idbmap_probe(core, how, tmp_path)
    assert upstream["problems"] or upstream["synced"] == "rejected", (
        "R9 (docs/upgrading.md): PyScript's own IDBMap bears a refused IndexedDB now: "
        "drop the patches (web/build.py, PYSCRIPT_PATCHES)"
    )
