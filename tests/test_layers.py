"""The architecture holds: which layer may import which, no import circle, nothing lazy.

The import graph is read from the source (every ``import`` anywhere in a module, at the top or
inside a function), so a rule broken in a branch that tests never run still fails here.  The
layers are those of docs/architecture.md ("Layers").
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import build

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
WEB = ROOT / "web"

#: The engine's layers, bottom up, by module name under ``akropolis``.
RULES = {
    "akropolis",
    "akropolis.architect",
    "akropolis.checks",
    "akropolis.city",
    "akropolis.game",
    "akropolis.hexes",
    "akropolis.fair",
    "akropolis.bylink",
    "akropolis.names",
    "akropolis.options",
    "akropolis.reasons",
    "akropolis.rng",
    "akropolis.scoring",
    "akropolis.sentences",
    "akropolis.tiles",
}
FORMATS = {"akropolis.formats", "akropolis.notation", "akropolis.records"}
#: What the command line adds on top: it may import everything.
TOP = {"akropolis.__main__", "akropolis.cli", "akropolis.simulate"}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sources(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" not in path.parts:
                found[module_name(path, root)] = path
    return found


MODULES = {
    **sources(ENGINE, ("akropolis",)),
    **{
        name: path
        for name, path in sources(WEB, build.WEB_PACKAGES).items()
        if path.relative_to(WEB).as_posix() not in build.SCRIPTS
    },
}
#: The web's pages, each a package of web/ over the two shared layers.
PAGES = ("game", "calculator", "embed", "elements")
#: The scripts the browser fetches by URL (the AI worker): they belong to no layer's import
#: graph but must import nothing the bundle leaves out, nor the browser's modules.
SCRIPTS = {path: WEB / path for path in build.SCRIPTS}


def imports_of(name: str, path: Path) -> set[str]:
    """The modules ``path`` imports (resolved: ``from . import x`` is ``package.x`` if that is a
    module), anywhere in its text."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                found.add(candidate if candidate in MODULES else base)
    return found


GRAPH = {name: imports_of(name, path) for name, path in MODULES.items()}


def layer(name: str) -> str:
    if name in RULES:
        return "rules"
    if name in FORMATS:
        return "formats"
    if name in TOP:
        return "top"
    for prefix, label in (
        ("akropolis.picture", "picture"),
        ("akropolis.diagrams", "diagrams"),
        ("akropolis.ai", "ai"),
        ("common", "common"),
        ("browser", "browser"),
    ):
        if name == prefix or name.startswith(prefix + "."):
            return label
    page, _, rest = name.partition(".")
    if page in PAGES:
        return f"{page}.browser" if rest == "browser" or rest.startswith("browser.") else page
    raise AssertionError(f"{name} belongs to no layer: add it to one in tests/test_layers.py")


#: Which layers each layer may import (besides the standard library).  A page's models and
#: panels (``game``) sit on the common layer; its browser modules (``game.browser``) on both
#: shared layers and its own models.  No page imports another.
ALLOWED = {
    "rules": {"rules"},
    "formats": {"rules", "formats"},
    "picture": {"rules", "picture"},
    "ai": {"rules", "ai"},
    "diagrams": {"rules", "formats", "picture", "diagrams"},
    "top": {"rules", "formats", "picture", "diagrams", "ai", "top"},
    "common": {"rules", "formats", "picture", "diagrams", "common"},
    "browser": {"rules", "formats", "picture", "diagrams", "common", "browser"},
    **{page: {"rules", "formats", "picture", "diagrams", "common", page} for page in PAGES},
    **{
        f"{page}.browser": {"rules", "formats", "picture", "diagrams", "common", "browser", page}
        | {f"{page}.browser"}
        for page in PAGES
    },
}
#: Names no module outside a browser folder may import: the browser's.
BROWSER_ONLY = ("pyscript", "js", "pyodide", "pyodide_js")
#: The layers that run on CPython too (and are tested there).
PURE = ("rules", "formats", "picture", "diagrams", "ai", "top", "common", *PAGES)


def ours(target: str) -> bool:
    return target in MODULES


def test_every_module_belongs_to_a_layer() -> None:
    """Every layer has modules, but a page's browser layer when its DOM is all JavaScript (the
    elements': their Python only answers requests)."""
    unused = {f"{page}.browser" for page in PAGES if not (WEB / page / "browser").is_dir()}
    assert unused == {"elements.browser"}
    assert {layer(name) for name in MODULES} == set(ALLOWED) - unused


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_only_the_layers_below_it(name: str) -> None:
    mine = layer(name)
    wrong = sorted(t for t in GRAPH[name] if ours(t) and layer(t) not in ALLOWED[mine])
    assert not wrong, f"{name} ({mine}) imports {wrong}"
    if mine in PURE:
        browser = sorted(t for t in GRAPH[name] if t.split(".")[0] in BROWSER_ONLY)
        assert not browser, f"{name} runs on CPython too, but imports {browser}"


def test_the_rules_core_imports_no_format_picture_ai_or_cli() -> None:
    """The rule docs/architecture.md states, spelled out (the parametrised test checks each
    module)."""
    for name in RULES:
        assert all(layer(t) == "rules" for t in GRAPH[name] if ours(t)), name


def test_notation_sits_below_records() -> None:
    assert "akropolis.notation" in GRAPH["akropolis.records"]
    assert "akropolis.records" not in GRAPH["akropolis.notation"]


def test_no_import_circle() -> None:
    """Depth-first search for a cycle among our modules (imports inside functions count)."""
    state: dict[str, int] = {}  # 1 on the path, 2 done

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(GRAPH[name]):
            if not ours(target) or target == name.rpartition(".")[0]:
                continue
            if state.get(target) == 1:
                cycle = [*path[path.index(target) :], target]
                raise AssertionError("import circle: " + " → ".join(cycle))
            if target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(MODULES):
        if name not in state:
            visit(name, [name])


def test_engine_modules_import_at_the_top() -> None:
    """No import inside a function in the engine (the sign of a circle patched over), except
    the entry point's, which loads the CLI only when run."""
    lazy = []
    for name, path in MODULES.items():
        if not name.startswith("akropolis.") or name == "akropolis.__main__":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lazy += [
                    f"{name}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Import | ast.ImportFrom)
                ]
    assert not lazy


def in_engine(name: str) -> bool:
    return name == "akropolis" or name.startswith("akropolis.")


def test_the_browser_bundle_leaves_out_the_command_line_and_the_tournaments() -> None:
    bundled = {
        module_name(path, ENGINE)
        for path in build.python_files(ENGINE / "akropolis")
        if path.suffix == ".py"
    }
    left_out = {name for name in MODULES if in_engine(name)} - bundled
    assert left_out == {
        "akropolis.__main__",
        "akropolis.cli",
        "akropolis.simulate",
        "akropolis.ai.command",
        "akropolis.ai.tournament",
        "akropolis.diagrams.markdown",
        "akropolis.diagrams.sphinx",
    }
    # ... and nothing the pages run needs them.
    for name in bundled | {name for name in MODULES if not in_engine(name)}:
        assert not (GRAPH[name] & left_out), f"{name} needs {GRAPH[name] & left_out}"
    for script, path in SCRIPTS.items():
        needs = imports_of(script, path)
        assert not (needs & left_out), f"web/{script} needs a left-out module"
        assert all(layer(t) in PURE for t in needs if ours(t)), f"web/{script} needs the DOM"


def test_a_module_touches_the_dom_only_in_a_browser_folder() -> None:
    """The folder says it: a module outside ``browser/`` folders imports no browser module, and
    every module inside one belongs to a browser layer."""
    for name, path in MODULES.items():
        in_browser = "browser" in path.relative_to(ROOT).parts[1:]
        assert in_browser == layer(name).endswith("browser"), name


def test_the_pages_share_no_code_but_through_the_shared_layers() -> None:
    for name in MODULES:
        mine = layer(name).split(".")[0]
        for target in GRAPH[name]:
            theirs = layer(target).split(".")[0] if ours(target) else None
            assert theirs not in PAGES or theirs == mine, f"{name} imports {target}"


def screen_members(path: Path) -> set[str]:
    """The names a page's ``Screen`` protocol declares."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    [screen] = [n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Screen"]
    return {
        node.target.id if isinstance(node, ast.AnnAssign) else node.name
        for node in screen.body
        if isinstance(node, ast.AnnAssign | ast.FunctionDef)
    }


def page_uses(path: Path, holder: str) -> set[str]:
    """The attributes a feature module reads of the page it was given: ``self.<holder>.x``, or
    ``x`` of a local named ``holder`` (``app = self.app``)."""
    used = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Attribute):
            continue
        owner = node.value
        through_self = (
            isinstance(owner, ast.Attribute)
            and owner.attr == holder
            and isinstance(owner.value, ast.Name)
            and owner.value.id == "self"
        )
        if through_self or (isinstance(owner, ast.Name) and owner.id == holder):
            used.add(node.attr)
    return used


#: The pages' features, each given the page as a ``Screen``, and the name they keep it by.
FEATURES = {
    "game": (
        "app",
        (
            "daily_view",
            "files",
            "link_kept",
            "link_opening",
            "link_session",
            "new_game",
            "opponents",
            "replay_view",
            "scoring_view",
            "share",
            "tutorial_view",
        ),
    ),
    "calculator": ("page", ("explain", "players", "saving", "share")),
}


@pytest.mark.parametrize("page", sorted(FEATURES))
def test_the_pages_features_use_only_the_screen_they_are_given(page: str) -> None:
    """Sharing, play by link, the opponents…: each sees its page through the small interface
    its ``browser/screen.py`` documents, not the whole page object."""
    folder = WEB / page / "browser"
    members = screen_members(folder / "screen.py")
    holder, features = FEATURES[page]
    for feature in features:
        path = folder / f"{feature}.py"
        assert "Screen" in path.read_text(encoding="utf-8"), f"{path} takes no Screen"
        extra = page_uses(path, holder) - members
        assert not extra, f"{page}/browser/{feature}.py uses {sorted(extra)} beyond its Screen"


#: The documentation tools' adapters, each importing its tool: only that tool loads them.
TOOL_ADAPTERS = {
    "akropolis.diagrams.markdown": {"markdown"},
    "akropolis.diagrams.sphinx": {"docutils", "sphinx"},
}


def test_the_engine_needs_only_the_standard_library() -> None:
    """Every engine module imports the standard library and the engine, but for the two
    adapters, each of which imports only its own tool besides; nothing else imports them."""
    for name in MODULES:
        if not in_engine(name):
            continue
        outside = {
            target.split(".")[0]
            for target in GRAPH[name]
            if not in_engine(target) and target.split(".")[0] not in sys.stdlib_module_names
        }
        assert outside == (TOOL_ADAPTERS.get(name, set()) & outside), f"{name} needs {outside}"
        assert not GRAPH[name] & set(TOOL_ADAPTERS), name
    for name, tools in TOOL_ADAPTERS.items():
        assert {t.split(".")[0] for t in GRAPH[name]} >= tools
