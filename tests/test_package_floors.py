"""The view's packages are floors and pages whose imports run one way (docs/architecture.md,
"Floors and pages"): read from the real imports of ``web/site/halfmoon_web`` (those under
``TYPE_CHECKING`` and inside functions too) and compared with the doc's diagram."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VIEW = ROOT / "web" / "site" / "halfmoon_web"
DOC = ROOT / "docs" / "architecture.md"
WIRING = {"game_page/app.py", "rules_page/rules_app.py", "embed_page/embed_app.py"}
#: A line that sets another object's callback (``saver.on_refused = …``), not its own.
SETS_A_CALLBACK = re.compile(r"^\s*(?!self\.)[\w.]+\.on_\w+\s*=[^=]")

#: Each package's floor, lowest first: a module imports only from its own floor's package or
#: from a lower floor. The pages are on top; a page's sub-packages below its wiring.
FLOORS = {
    "shared": 0,
    "runtime": 0,
    "remote": 0,
    "model": 1,
    "storage": 2,
    "board": 2,
    "game_page.frame": 3,
    "game_page.stats": 4,
    "game_page.parts": 4,
    "game_page.sharing": 5,
    "game_page": 6,
    "rules_page": 6,
    "embed_page": 6,
}


def module_names() -> dict[str, Path]:
    """Dotted name (under halfmoon_web; a package by its own name) -> file."""
    names = {}
    for path in VIEW.rglob("*.py"):
        parts = path.relative_to(VIEW).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        names[name] = path
    return names


def imported(path: Path, known: set[str]) -> set[str]:
    """The halfmoon_web modules (or packages) that ``path`` imports, wherever the import is."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            raise AssertionError(f"{path.relative_to(ROOT)}:{node.lineno}: a relative import")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("halfmoon_web"):
            base = node.module.removeprefix("halfmoon_web").lstrip(".")
            for alias in node.names:
                whole = f"{base}.{alias.name}".lstrip(".")
                found.add(whole if whole in known else base)
        elif isinstance(node, ast.Import):
            found |= {
                a.name.removeprefix("halfmoon_web.")
                for a in node.names
                if a.name.startswith("halfmoon_web.")
            }
    return found - {""}


def module_imports() -> dict[str, set[str]]:
    """Module -> the modules it imports."""
    names = module_names()
    return {name: imported(path, set(names)) - {name} for name, path in names.items()}


def package_of(name: str, names: dict[str, Path]) -> str:
    """The package a module (or package) belongs to."""
    return name if names[name].name == "__init__.py" else name.rpartition(".")[0]


def package_arrows() -> set[tuple[str, str]]:
    """(package, package it imports from), between different packages."""
    names = module_names()
    arrows = set()
    for module, targets in module_imports().items():
        for target in targets:
            a, b = package_of(module, names), package_of(target, names)
            if a and b and a != b:
                arrows.add((a, b))
    return arrows


def documented_arrows() -> set[tuple[str, str]]:
    """The arrows of the doc's package diagram (node ids declared as ``id["pkg/sub/"]``)."""
    section = DOC.read_text(encoding="utf-8").split("## Floors and pages", 1)[1]
    chart = section.split("```mermaid", 1)[1].split("```", 1)[0]
    labels = {i: p.strip("/").replace("/", ".") for i, p in re.findall(r'(\w+)\["([\w/]+)', chart)}
    arrows = set()
    for line in chart.splitlines():
        if "-->" not in line:
            continue
        left, right = (side.strip() for side in line.split("-->"))
        source = labels[re.match(r"\w+", left).group(0)]
        for target in right.split("&"):
            arrows.add((source, labels[re.match(r"\w+", target.strip()).group(0)]))
    return arrows


def test_the_scan_sees_the_imports_it_checks() -> None:
    arrows = package_arrows()
    assert ("game_page.parts", "model") in arrows
    assert ("storage", "model") in arrows
    assert len(arrows) > 20


def test_no_two_modules_import_each_other_not_even_for_types() -> None:
    imports = module_imports()
    pairs = {
        tuple(sorted((a, b))) for a, bs in imports.items() for b in bs if a in imports.get(b, ())
    }
    assert pairs == set()


def test_the_package_graph_has_no_loop() -> None:
    arrows = package_arrows()
    graph: dict[str, set[str]] = {}
    for a, b in arrows:
        graph.setdefault(a, set()).add(b)

    def reaches(start: str, goal: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt})):
                return True
        return False

    assert [p for p in graph if reaches(p, p, set())] == []


def test_every_package_is_on_a_floor_and_every_arrow_runs_down() -> None:
    packages = {package_of(n, module_names()) for n in module_names()} - {""}
    assert packages == set(FLOORS)
    upward = {(a, b) for a, b in package_arrows() if FLOORS[a] <= FLOORS[b]}
    assert upward == set()


def test_the_model_floor_imports_only_the_engine_and_shared() -> None:
    names = module_names()
    for name in (n for n in names if package_of(n, names) == "model"):
        outside = {
            t for t in module_imports()[name] if package_of(t, names) not in ("model", "shared")
        }
        assert outside == set(), name
        tree = ast.parse(names[name].read_text(encoding="utf-8"))
        tops = {
            a.name.split(".")[0]
            for n in ast.walk(tree)
            if isinstance(n, ast.Import)
            for a in n.names
        }
        tops |= {
            (n.module or "").split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
        }
        assert not tops & {"js", "pyodide", "pyscript"}, name


def test_the_docs_diagram_is_the_real_graph() -> None:
    assert documented_arrows() == package_arrows()


def test_callbacks_are_wired_only_in_the_wiring_modules() -> None:
    """No part sets another part's ``on_…`` (docs/architecture.md, "The game page's wiring")."""
    found = [
        f"{path.relative_to(VIEW)}:{number}"
        for path in VIEW.rglob("*.py")
        if path.relative_to(VIEW).as_posix() not in WIRING
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SETS_A_CALLBACK.match(line)
    ]
    assert found == []


def test_the_wiring_check_would_see_a_callback_set_in_a_part() -> None:
    assert SETS_A_CALLBACK.match("        saver.on_refused = self.on_save_refused")
    assert not SETS_A_CALLBACK.match("        self.on_tap = on_tap")
