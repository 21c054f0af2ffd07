"""The build's memory snapshot, restored in Pyodide (Node) as a later visit restores it: it
holds the engine and web/common already imported (the modules every page imports, pure Python),
no module of the browser's, and whatever a page or the AI worker imports afterwards from the
zips they unpack still imports, beside the modules the snapshot holds."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "dist" / "runtime" / "pyodide" / "snapshot.gz"


@pytest.fixture
def restored(run_in_pyodide) -> Callable[..., list[str]]:
    if not SNAPSHOT.exists():
        pytest.fail("dist/ is not built: run `python build.py` (python build.py test does)")
    return lambda code, *zips: run_in_pyodide(code, restore=zips).splitlines()


def test_the_snapshot_holds_the_engine_and_the_common_modules_and_nothing_of_the_browser(
    restored,
) -> None:
    (line,) = restored("import json\nprint(json.dumps(BEFORE))")
    before = set(json.loads(line))
    assert {"akropolis", "akropolis.game", "akropolis.records", "common.i18n"} <= before
    assert "akropolis.picture.svg" in before and "common.explain" in before
    site = {name.split(".")[0] for name in before} & {"browser", "game", "calculator", "embed"}
    assert site == set()  # the browser's modules import js or pyscript: never in the snapshot
    assert not any(name.startswith("akropolis.ai") for name in before)  # the worker's alone


def test_what_a_page_and_the_ai_worker_import_afterwards_imports_from_their_zips(
    restored,
) -> None:
    lines = restored(
        "import akropolis, game.table\n"
        "from akropolis import Game, records\n"
        "from akropolis.ai import choose\n"
        "from pathlib import Path\n"
        "here = Path(akropolis.__file__).parent\n"
        "print(here.is_relative_to(Path.cwd()), (here / 'schemas' / 'game.schema.json').exists())\n"
        "game = Game(2, seed=5)\n"
        "while not game.is_over:\n"
        "    game.play(choose(game, 'easy', seed=2).move)\n"
        "text = records.dump(game)\n"
        "print(records.dump(records.load(text)) == text)\n",
        "python.zip",
        "game.zip",
        "ai.zip",
    )
    assert lines == ["True True", "True"]


def test_every_restore_draws_its_own_secrets(restored) -> None:
    """The keys of games by link come from the browser's generator (Pyodide's ``os.urandom``
    is ``crypto.getRandomValues``), never from a state the snapshot froze: two restores of the
    same snapshot draw different keys and game ids."""
    code = "from akropolis import fair\nprint(fair.new_key().hex(), fair.new_game_id().hex())"
    first, second = (restored(code)[0].split() for _ in range(2))
    assert first[0] != second[0] and first[1] != second[1]
    assert len(first[0]) == 32 and len(first[1]) == 16
