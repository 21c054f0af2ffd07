"""The Pyodide memory snapshot the pages start Python from (``web/browser/start_python.mjs``).

Starting Python (Pyodide's own initialisation) is most of a page's start: about 4-5 s in a
desktop browser, far more on a phone.  The build starts it once, in Node, and ships the memory
it leaves (``makeMemorySnapshot``, gzip-compressed: about 6 MB); a page restores it in about
1 s.  The snapshot is made once per Pyodide and kept in ``node_modules/.cache`` for the next
builds.  Standard library only.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPT = HERE / "snapshot.mjs"
#: The snapshot's name in the site, beside the Pyodide it was made with.
SNAPSHOT = "snapshot.gz"


def write_snapshot(
    pyodide: Path,
    stdlib: Path,
    target: Path,
    modules: tuple[str, ...] = (),
    zips: tuple[Path, ...] = (),
    site: tuple[str, ...] = (),
) -> None:
    """Write the snapshot of the Pyodide in folder ``pyodide``, with the standard library zip
    ``stdlib`` (the trimmed one the site ships) and its ``modules`` imported, then the ``zips``
    unpacked into Python's working directory and the ``site`` modules imported from them, to
    ``target``, compressed."""
    key = hashlib.sha256(SCRIPT.read_bytes() + ",".join((*modules, "|", *site)).encode())
    for path in (pyodide / "pyodide.asm.wasm", pyodide / "pyodide.asm.mjs", stdlib, *zips):
        key.update(path.read_bytes())
    cached = pyodide.parent / ".cache" / "akropolis" / f"snapshot-{key.hexdigest()[:16]}.gz"
    if not cached.exists():
        with tempfile.TemporaryDirectory() as scratch:
            raw = Path(scratch) / "snapshot"
            print("+ node", SCRIPT.name, "(the Python snapshot)", flush=True)
            command = [
                "node",
                str(SCRIPT),
                str(pyodide),
                str(stdlib),
                str(raw),
                ",".join(modules),
                ",".join(str(path) for path in zips),
                ",".join(site),
            ]
            subprocess.run(command, check=True)
            cached.parent.mkdir(parents=True, exist_ok=True)
            partial = cached.with_suffix(".part")
            with partial.open("wb") as out:
                out.write(gzip.compress(raw.read_bytes(), compresslevel=9, mtime=0))
            partial.replace(cached)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(cached, target)
