"""The standard library the site ships (tools/stdlib.py): Pyodide's, trimmed to what the site's
Python can import.  A module the shipped code imports and the trimmed zip lacks fails here; the
zip's modules all import in Pyodide (tests/pyodide/test_stdlib_in_pyodide.py)."""

from __future__ import annotations

import ast
import io
import zipfile

import pytest

from build import ENGINE, NODE_MODULES, SCRIPTS, WEB, WEB_PACKAGES, python_files, shipped_sources
from tools.stdlib import CODECS, imports, trim

FULL = NODE_MODULES / "pyodide" / "python_stdlib.zip"
pytestmark = pytest.mark.skipif(not FULL.exists(), reason="node_modules/pyodide not installed")


def modules(names: list[str]) -> set[str]:
    found = set()
    for name in names:
        if name.endswith((".py", ".pyc")):
            stem = name.rsplit(".", 1)[0].removesuffix("/__init__")
            found.add(stem.replace("/", "."))
    return found


@pytest.fixture(scope="module")
def trimmed() -> tuple[set[str], set[str]]:
    data, _ = trim(FULL, shipped_sources())
    with zipfile.ZipFile(io.BytesIO(data)) as small, zipfile.ZipFile(FULL) as full:
        return modules(small.namelist()), modules(full.namelist())


def imported_by_the_site() -> set[str]:
    """Every absolute module name an import statement of the site's own code names, read with
    ``ast`` (not the trimming's own reading), at any depth of the code."""
    paths = [p for pkg in (ENGINE, *(WEB / n for n in WEB_PACKAGES)) for p in python_files(pkg)]
    paths += [WEB / name for name in SCRIPTS]
    names = set()
    for path in paths:
        if path.suffix != ".py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_every_standard_module_the_site_imports_is_in_the_trimmed_zip(trimmed) -> None:
    kept, full = trimmed
    wanted = {name for name in imported_by_the_site() if name in full}
    assert wanted, "the site imports something of the standard library"
    assert sorted(wanted - kept) == []


def test_the_zip_is_much_smaller_and_keeps_pyodide_and_the_codecs(trimmed) -> None:
    kept, full = trimmed
    assert len(kept) < len(full) / 2
    assert {"pyodide", "_pyodide", "asyncio", "json", "gettext", "encodings.utf_8"} <= kept
    assert {name for name in CODECS} <= kept
    assert not {"email", "unittest", "xml", "http.server", "pdb"} & kept


def test_a_module_the_code_imports_inside_a_function_is_followed() -> None:
    text = (
        "import json\n\ndef late():\n    from xml.dom import minidom\n"
        "    import html.parser as hp\n"
    )
    assert imports(text, "", False) >= {"json", "xml.dom", "xml.dom.minidom", "html.parser"}
    assert imports(text, "", False, top=True) == {"json"}
    relative = imports("from . import _base\nfrom ..util import x\n", "pkg.sub.mod", False)
    assert relative >= {"pkg.sub._base", "pkg.util", "pkg.util.x"}


def test_a_module_the_code_starts_importing_is_shipped_from_then_on(trimmed) -> None:
    kept, full = trimmed
    assert "colorsys" in full and "colorsys" not in kept
    data, _ = trim(FULL, [*shipped_sources(), "def f():\n    import colorsys\n"])
    with zipfile.ZipFile(io.BytesIO(data)) as small:
        assert "colorsys" in modules(small.namelist())
