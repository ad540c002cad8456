"""The view's folders show the architecture (docs/architecture.md, "The view"): every module of
``web/site/halfmoon_web/`` sits in a package, no folder holds over 20 modules, and the doc's
tables list each package's modules exactly."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VIEW = ROOT / "web" / "site" / "halfmoon_web"
DOC = ROOT / "docs" / "architecture.md"
MAX_MODULES = 20


def modules_by_package() -> dict[str, set[str]]:
    """Package folder -> the modules in it (``__init__`` left out)."""
    return {
        folder.relative_to(VIEW).as_posix(): {p.stem for p in folder.glob("*.py")} - {"__init__"}
        for folder in VIEW.rglob("*")
        if (folder / "__init__.py").is_file()
    }


def documented_packages() -> dict[str, set[str]]:
    """Package -> the modules its table in docs/architecture.md lists."""
    section = DOC.read_text(encoding="utf-8").split("### The view:", 1)[1].split("**Outside", 1)[0]
    found: dict[str, set[str]] = {}
    for block in re.split(r"^\*\*`", section, flags=re.M)[1:]:
        name = block.split("/`", 1)[0]
        found[name] = set(re.findall(r"^\| `(\w+)\.py` \|", block, flags=re.M))
    return found


def test_no_module_sits_loose_in_the_view_folder() -> None:
    assert {p.name for p in VIEW.glob("*.py")} == {"__init__.py"}


def test_no_folder_under_web_holds_over_twenty_python_modules() -> None:
    for folder in [ROOT / "web", *(p for p in (ROOT / "web").rglob("*") if p.is_dir())]:
        count = len([p for p in folder.glob("*.py") if p.name != "__init__.py"])
        assert count <= MAX_MODULES, f"{folder.relative_to(ROOT)} holds {count} modules"


def test_the_doc_lists_every_package_and_module() -> None:
    assert documented_packages() == modules_by_package()


def test_benchmarks_live_in_bench_not_among_the_tests() -> None:
    assert not list((ROOT / "tests").glob("bench*")), "benchmarks go in bench/ (README.md)"
    assert (ROOT / "bench" / "bench_load.py").is_file()


def constructor_arguments() -> dict[str, int]:
    """``path:line`` of every ``__init__`` under ``web/`` and ``halfmoon_core/`` -> how many
    arguments it takes besides ``self``."""
    counts = {}
    for path in [*(ROOT / "web").rglob("*.py"), *(ROOT / "halfmoon_core").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name == "__init__":
                args = node.args
                named = len(args.posonlyargs) + len(args.args) + len(args.kwonlyargs) - 1
                extra = (args.vararg is not None) + (args.kwarg is not None)
                counts[f"{path.relative_to(ROOT)}:{node.lineno}"] = named + extra
    return counts


def test_no_constructor_takes_over_six_arguments() -> None:
    """The game page's parts are built from one page context (docs/architecture.md)."""
    counts = constructor_arguments()
    assert counts, "no constructor found: the scan is broken"
    assert {where: n for where, n in counts.items() if n > 6} == {}


def test_the_game_page_wiring_stays_near_200_lines() -> None:
    """All the game page's wiring is in one module (docs/architecture.md, "The game page's
    wiring"), which stays short enough to read at once."""
    lines = (VIEW / "game_page" / "app.py").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 225


def test_the_pages_reach_a_board_through_board_not_through_its_view() -> None:
    """A page talks to its :class:`~halfmoon_web.board.board.Board`; the view inside it
    (``board_view.py``) is the board's own business (docs/architecture.md)."""
    reaching = {
        f"{path.relative_to(ROOT)}:{number}": line.strip()
        for path in VIEW.rglob("*.py")
        if path.parent.name != "board"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bboard\.view\b", line)
    }
    assert reaching == {}


def test_no_two_test_modules_share_a_name_so_a_bare_pytest_collects_both_folders() -> None:
    """``pytest`` alone collects ``tests/`` and ``e2e/`` (pyproject.toml's testpaths); two test
    modules of one name would stop it (an import file mismatch)."""
    names = [p.name for folder in ("tests", "e2e") for p in (ROOT / folder).glob("test_*.py")]
    assert len(names) > 50
    assert sorted(n for n in set(names) if names.count(n) > 1) == []
