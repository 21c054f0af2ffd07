"""Run Python source inside the pinned Pyodide (Node) with the engine importable."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HARNESS = ROOT / "tests" / "pyodide" / "run_python.mjs"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HARNESS.parent in Path(item.fspath).parents:
            item.add_marker(pytest.mark.pyodide)


@pytest.fixture(scope="session")
def run_in_pyodide() -> Callable[..., str]:
    if not (ROOT / "node_modules" / "pyodide").exists():
        pytest.fail(
            "node_modules/pyodide is missing: run `python build.py test`, which installs it"
        )

    def run(code: str, stdlib: Path | None = None, restore: tuple[str, ...] | None = None) -> str:
        """Python's stdout; ``stdlib``: another standard library zip; ``restore``: start from
        dist/'s snapshot with these zips of dist/ unpacked (run_python.mjs)."""
        env = dict(os.environ)
        if stdlib:
            env["AKROPOLIS_STDLIB"] = str(stdlib)
        if restore is not None:
            env["AKROPOLIS_RESTORE"] = ",".join(restore)
        out = subprocess.run(
            ["node", str(HARNESS)],
            input=code,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=300,
            check=False,
            env=env,
        )
        assert out.returncode == 0, f"Pyodide failed:\n{out.stderr}"
        return out.stdout

    return run
