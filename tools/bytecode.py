"""Python compiled ahead of time for the browser (``tools/bytecode.mjs``): the site's modules and
its trimmed standard library travel as bytecode for the pinned Pyodide's Python, so that a page
imports them without compiling (on a phone with a slow processor, seconds of its start).  The
bytecode is made by that Python itself, in Node, and is the same on every machine.  Standard
library only.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "bytecode.mjs"


class Job(NamedTuple):
    """A zip to compile: the folder its modules are imported from (as tracebacks name them),
    the optimization level (0, or 2 to drop docstrings and asserts), and the files to compile
    (None: all; the others stay source)."""

    zip: Path
    prefix: str
    optimize: int = 0
    only: list[str] | None = None


def compile_zips(pyodide: Path, jobs: list[Job]) -> None:
    """Replace each zip of ``jobs`` by its compiled copy, with the Pyodide in folder
    ``pyodide``."""
    described = [{**job._asdict(), "zip": str(job.zip)} for job in jobs]
    with tempfile.TemporaryDirectory() as scratch:
        listing = Path(scratch) / "jobs.json"
        listing.write_text(json.dumps(described))
        print("+ node", SCRIPT.name, "(Python bytecode)", flush=True)
        subprocess.run(["node", str(SCRIPT), str(pyodide), str(listing)], check=True)
