"""The standard library the site ships (dist/, trimmed and compiled by build.py) in Pyodide:
every module in it imports as it does from Pyodide's whole standard library, the engine and the
site's pure-Python packages import and run from it, and the bytecode is what imports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "dist" / "runtime" / "pyodide" / "python_stdlib.zip"

#: Imports every module of the zip Python runs from; prints which fail, and why.
IMPORT_ALL = """
import importlib, json, sys, zipfile
zip_path = next(p for p in sys.path if p.endswith('.zip'))
names = set()
for name in zipfile.ZipFile(zip_path).namelist():
    if name.endswith(('.py', '.pyc')):
        names.add(name.rsplit('.', 1)[0].removesuffix('/__init__').replace('/', '.'))
failed = {}
for name in sorted(names):
    try:
        importlib.import_module(name)
    except BaseException as error:
        failed[name] = type(error).__name__
compiled = sys.modules['json'].__spec__.origin.endswith('.pyc')
print(json.dumps({'names': sorted(names), 'failed': failed, 'compiled': compiled}))
"""


@pytest.fixture(scope="module")
def shipped(run_in_pyodide) -> dict:
    if not SHIPPED.exists():
        pytest.fail("dist/ is not built: run `python build.py` (python build.py test does)")
    return json.loads(run_in_pyodide(IMPORT_ALL, stdlib=SHIPPED).splitlines()[-1])


def test_every_module_of_the_shipped_zip_imports_as_from_the_whole_library(
    run_in_pyodide, shipped
) -> None:
    whole = json.loads(run_in_pyodide(IMPORT_ALL).splitlines()[-1])
    # Modules that cannot import here whatever the zip (Windows', the processes' ones).
    failing_anyway = {name for name in shipped["names"] if name in whole["failed"]}
    assert {k: v for k, v in shipped["failed"].items() if k not in failing_anyway} == {}
    assert shipped["compiled"] is True  # json, imported by every start, travels compiled


def test_the_engine_and_the_pure_packages_run_from_the_shipped_zip(run_in_pyodide) -> None:
    out = run_in_pyodide(
        "from akropolis import Game, records\n"
        "from akropolis.ai import choose\n"
        "import akropolis.picture.svg, akropolis.notation, akropolis.scoring\n"
        "game = Game(2, seed=3)\n"
        "while not game.is_over:\n"
        "    game.play(choose(game, 'easy', seed=1).move)\n"
        "text = records.dump(game)\n"
        "print(game.is_over, records.dump(records.load(text)) == text)\n",
        stdlib=SHIPPED,
    )
    assert out.strip().splitlines()[-1] == "True True"
