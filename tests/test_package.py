"""The engine as a package people install: ``pip`` builds a wheel from the repository with
the engine, the command line, the schemas and the diagram extensions, complete metadata and
the ``akropolis`` command, and nothing of the web's or the tests'."""

from __future__ import annotations

import email
import shutil
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ENGINE_FILES = {
    path.relative_to(ROOT / "engine").as_posix()
    for path in (ROOT / "engine" / "akropolis").rglob("*")
    if path.is_file() and "__pycache__" not in path.parts
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    # Built from a copy of what the package is made of: setuptools leaves build/ beside the
    # sources it builds, which must not be the repository's.
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "engine" / "akropolis",
        source / "engine" / "akropolis",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "-q", "-w", str(out)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (built,) = out.glob("akropolis-*-py3-none-any.whl")
    return built


def test_the_wheel_holds_the_engine_and_nothing_else(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    package = {name for name in names if not name.startswith("akropolis-")}
    assert package == ENGINE_FILES
    for needed in (
        "akropolis/cli.py",
        "akropolis/schemas/game.schema.json",
        "akropolis/schemas/city.schema.json",
        "akropolis/diagrams/markdown.py",
        "akropolis/diagrams/sphinx.py",
        "akropolis/ai/expert.py",
        "akropolis/py.typed",
    ):
        assert needed in package


def test_its_metadata_is_complete(wheel: Path) -> None:
    archive = zipfile.ZipFile(wheel)
    info = next(name for name in archive.namelist() if name.endswith(".dist-info/METADATA"))
    meta = email.message_from_string(archive.read(info).decode("utf-8"))
    import akropolis

    assert meta["Name"] == "akropolis" and meta["Version"] == akropolis.__version__
    assert meta["License-Expression"] == "MIT"
    assert meta["Requires-Python"] == ">=3.11"
    assert not meta.get_all("Requires-Dist", []) or all(
        "extra ==" in line for line in meta.get_all("Requires-Dist")
    )  # the engine needs nothing outside the standard library
    classifiers = meta.get_all("Classifier")
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert "Framework :: Sphinx :: Extension" in classifiers
    assert set(meta.get_all("Provides-Extra")) >= {"mkdocs", "sphinx"}
    licence = next(name for name in archive.namelist() if name.endswith("/licenses/LICENSE"))
    assert archive.read(licence).startswith(b"MIT License")
    entry = next(name for name in archive.namelist() if name.endswith("entry_points.txt"))
    assert "akropolis = akropolis.cli:main" in archive.read(entry).decode("utf-8")


def test_installed_its_akropolis_command_draws_a_city(wheel: Path, tmp_path: Path) -> None:
    place = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(place)
    bin_dir = place / ("Scripts" if sys.platform == "win32" else "bin")
    subprocess.run(
        [str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    city = ROOT / "examples" / "city.json"
    # Run from elsewhere, so that the installed package is the one imported.
    drawn = subprocess.run(
        [str(bin_dir / "akropolis"), "render", str(city), "--explain"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    from_source = subprocess.run(
        [sys.executable, "-m", "akropolis", "render", str(city), "--explain"],
        cwd=ROOT / "engine",
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert drawn.stdout.startswith("<svg ") and drawn.stdout == from_source.stdout
    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import akropolis; print(akropolis.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(place) in where.stdout
