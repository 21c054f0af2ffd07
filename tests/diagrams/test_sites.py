"""Building real documentation sites: a small MkDocs site and a small Sphinx site, each with
diagrams, hold the very SVG ``render`` draws and the link to the game; a diagram that cannot be
drawn fails a strict build with its reason, and no traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("sphinx")

ROOT = Path(__file__).resolve().parents[2]
CITY = (ROOT / "examples" / "city.json").read_text(encoding="utf-8")
POSITION = (ROOT / "examples" / "position.txt").read_text(encoding="utf-8").strip()
SITE = "https://rules.example/akropolis/"
SVG = re.compile(r"<svg .*?</svg>", re.S)
LINK = re.compile(r'<a href="([^"]+)">Open in Akropolis</a>')


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def rendered(*args: str, text: str, tmp: Path) -> str:
    """``python -m akropolis render``'s bytes, without the final newline."""
    source = tmp / "subject.txt"
    source.write_text(text, encoding="utf-8")
    done = run("-m", "akropolis", "render", str(source), *args, cwd=tmp)
    assert done.returncode == 0, done.stderr
    return done.stdout.removesuffix("\n")


def expected(tmp: Path) -> list[str]:
    """The three diagrams of each sample page, as ``render`` draws them."""
    return [
        rendered("--explain", text=CITY, tmp=tmp),
        rendered(
            "--explain",
            "--player",
            "1",
            "--kind",
            "gardens",
            "--size",
            "320",
            text=POSITION,
            tmp=tmp,
        ),
        rendered("--player", "0", "--coordinates", "--last", text=POSITION, tmp=tmp),
    ]


def mkdocs_site(tmp: Path, extra: str = "") -> Path:
    (tmp / "docs").mkdir()
    (tmp / "mkdocs.yml").write_text(
        "site_name: Rules\nmarkdown_extensions:\n  - fenced_code\n"
        f"  - akropolis.diagrams.markdown:\n      site: {SITE}\n",
        encoding="utf-8",
    )
    city = CITY.strip()
    (tmp / "docs" / "index.md").write_text(
        "# Scoring\n\nA city, every district explained:\n\n"
        f"```akropolis\n{city}\n```\n\n"
        "The second player's gardens:\n\n"
        f"```akropolis player=2 kind=gardens size=320\n{POSITION}\n```\n\n"
        f"~~~~akropolis breakdown=0 player=1 coordinates last\n{POSITION}\n~~~~\n\n"
        "```python\nprint('not a diagram')\n```\n" + extra,
        encoding="utf-8",
    )
    return tmp


def test_a_mkdocs_site_holds_the_svg_render_draws(tmp_path: Path) -> None:
    site = mkdocs_site(tmp_path)
    done = run("-m", "mkdocs", "build", "--strict", "-q", "-d", "out", cwd=site)
    assert done.returncode == 0, done.stderr
    page = (site / "out" / "index.html").read_text(encoding="utf-8")
    assert SVG.findall(page) == expected(tmp_path)
    assert page.count('<figure class="akropolis-diagram">') == 3
    links = LINK.findall(page)
    assert [link.split("#")[0] for link in links] == [
        f"{SITE}calculator.html",
        f"{SITE}index.html",
        f"{SITE}index.html",
    ]
    assert '<code class="language-python">' in page  # other fenced blocks are left alone


def test_a_mkdocs_diagram_that_cannot_be_drawn_fails_a_strict_build(tmp_path: Path) -> None:
    site = mkdocs_site(tmp_path, "\n```akropolis theme=dark\nC1;m=1@0,0:0\n```\n")
    done = run("-m", "mkdocs", "build", "--strict", "-d", "out", cwd=site)
    assert done.returncode != 0
    assert "Akropolis diagram: unknown option 'theme'" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout


def sphinx_site(tmp: Path, extra: str = "") -> Path:
    source = tmp / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        'project = "Rules"\nextensions = ["akropolis.diagrams.sphinx"]\n'
        f'akropolis_site = "{SITE}"\n',
        encoding="utf-8",
    )
    city = "\n".join(f"   {line}" for line in CITY.splitlines())
    (source / "index.rst").write_text(
        "Scoring\n=======\n\n.. akropolis::\n\n"
        f"{city}\n\n"
        f".. akropolis::\n   :player: 2\n   :kind: gardens\n   :size: 320\n\n   {POSITION}\n\n"
        ".. akropolis::\n   :breakdown: 0\n   :player: 1\n   :coordinates:\n   :last:\n\n"
        f"   {POSITION}\n" + extra,
        encoding="utf-8",
    )
    return source


def test_a_sphinx_site_holds_the_svg_render_draws(tmp_path: Path) -> None:
    source = sphinx_site(tmp_path)
    done = run(
        "-m", "sphinx", "-b", "html", "-W", "-q", str(source), str(tmp_path / "out"), cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert SVG.findall(page) == expected(tmp_path)
    assert [link.split("#")[0] for link in LINK.findall(page)] == [
        f"{SITE}calculator.html",
        f"{SITE}index.html",
        f"{SITE}index.html",
    ]


def test_a_sphinx_diagram_that_cannot_be_drawn_is_reported_with_its_line(tmp_path: Path) -> None:
    source = sphinx_site(tmp_path, "\n.. akropolis::\n   :player: 3\n\n   " + POSITION + "\n")
    done = run(
        "-m", "sphinx", "-b", "html", "-W", "-q", str(source), str(tmp_path / "out"), cwd=tmp_path
    )
    assert done.returncode != 0
    assert re.search(r"index\.rst:\d+: ERROR: Akropolis diagram: there is no player 3", done.stderr)
    assert "Traceback" not in done.stderr + done.stdout
