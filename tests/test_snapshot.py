"""The Pyodide snapshot the build ships (tools/snapshot.py): made by Node once per Pyodide,
gzip-compressed, and taken from the cache by the next builds until Pyodide changes."""

from __future__ import annotations

import gzip
from pathlib import Path

from tools import snapshot


def fake_pyodide(folder: Path, wasm: bytes = b"wasm") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, body in (
        ("pyodide.asm.wasm", wasm),
        ("pyodide.asm.mjs", b"js"),
        ("python_stdlib.zip", b"zip"),
    ):
        (folder / name).write_bytes(body)
    return folder


def test_the_snapshot_is_made_once_per_pyodide_and_shipped_compressed(
    monkeypatch, tmp_path: Path
) -> None:
    made: list[list[str]] = []

    def node(command, check):
        assert command[:2] == ["node", str(snapshot.SCRIPT)] and check
        made.append(command)
        Path(command[4]).write_bytes(b"memory %d" % len(made))  # node script pyodide stdlib OUT

    monkeypatch.setattr(snapshot.subprocess, "run", node)
    pyodide = fake_pyodide(tmp_path / "node_modules" / "pyodide")
    first, second = tmp_path / "a" / "snapshot.gz", tmp_path / "b" / "snapshot.gz"
    stdlib = pyodide / "python_stdlib.zip"
    snapshot.write_snapshot(pyodide, stdlib, first)
    snapshot.write_snapshot(pyodide, stdlib, second)
    assert len(made) == 1  # the second build took it from the cache
    assert gzip.decompress(first.read_bytes()) == b"memory 1"
    assert second.read_bytes() == first.read_bytes()
    assert list((tmp_path / "node_modules" / ".cache" / "akropolis").glob("*.part")) == []

    fake_pyodide(pyodide, wasm=b"another pyodide")
    snapshot.write_snapshot(pyodide, stdlib, second)
    assert len(made) == 2
    assert gzip.decompress(second.read_bytes()) == b"memory 2"

    stdlib.write_bytes(b"another standard library")  # trimmed otherwise: another snapshot
    snapshot.write_snapshot(pyodide, stdlib, second)
    assert len(made) == 3
    assert made[-1][3] == str(stdlib)

    bundle = tmp_path / "python.zip"
    bundle.write_bytes(b"the site's modules")
    snapshot.write_snapshot(pyodide, stdlib, second, ("json",), (bundle,), ("akropolis",))
    assert len(made) == 4
    assert made[-1][5:] == ["json", str(bundle), "akropolis"]
    snapshot.write_snapshot(pyodide, stdlib, second, ("json",), (bundle,), ("akropolis",))
    assert len(made) == 4
    bundle.write_bytes(b"the site's modules, changed")  # another build of the site's Python
    snapshot.write_snapshot(pyodide, stdlib, second, ("json",), (bundle,), ("akropolis",))
    assert len(made) == 5
