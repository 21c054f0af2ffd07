"""The documentation's diagram and package examples are real (``tests/test_readme.py`` finds
them, with every other block and command): the MkDocs configuration, a Markdown page, a Sphinx
directive, the options table and the ``pip install`` lines."""

from __future__ import annotations

import re
import shlex
import tomllib

import pytest

from akropolis.diagrams import OPTION_NAMES, figure, read_options
from elements.diagram import Diagram
from tests.test_readme import ROOT, SH_COMMANDS, Block, _blocks_of, _ids, _is_pip, section

# --- Diagrams at build time and the package ----------------------------------------------------

_DIAGRAM = '<figure class="akropolis-diagram">'


def _mkdocs_site() -> str:
    """The ``site`` the yaml example gives the Markdown extension."""
    import yaml  # MkDocs' own dependency

    (block,) = _blocks_of("yaml")
    config = yaml.safe_load(block.body)
    (entry,) = [e for e in config["markdown_extensions"] if "akropolis.diagrams.markdown" in e]
    return entry["akropolis.diagrams.markdown"]["site"]


def test_the_yaml_example_gives_the_markdown_extension_its_site() -> None:
    site = _mkdocs_site()
    assert site.startswith("https://") and site.endswith("/")


@pytest.mark.parametrize("block", _blocks_of("markdown"), ids=_ids(_blocks_of("markdown")))
def test_markdown_example_draws_its_diagrams(block: Block) -> None:
    markdown = pytest.importorskip("markdown")
    site = _mkdocs_site()
    page = markdown.Markdown(
        extensions=["fenced_code", "akropolis.diagrams.markdown"],
        extension_configs={"akropolis.diagrams.markdown": {"site": site}},
    ).convert(block.body)
    fences = re.findall(r"^(?:```|~~~)akropolis\b", block.body, re.MULTILINE)
    assert fences and page.count(_DIAGRAM) == len(fences), page[:300]
    assert "akropolis-diagram-error" not in page
    assert page.count(f'<a href="{site}') == len(fences)


@pytest.mark.parametrize("block", _blocks_of("rst"), ids=_ids(_blocks_of("rst")))
def test_rst_example_is_a_directive_the_sphinx_extension_draws(block: Block) -> None:
    lines = block.body.splitlines()
    assert lines[0] == ".. akropolis::"
    options = dict(re.findall(r"^   :(\w+):[ ]?(.*)$", block.body, re.MULTILINE))
    assert set(options) <= set(OPTION_NAMES)
    content = "\n".join(line.strip() for line in lines[1:] if not line.strip().startswith(":"))
    assert figure(content, read_options(options)).startswith(_DIAGRAM)


def test_the_diagram_options_table_lists_every_option() -> None:
    rows = re.findall(r"^\| `(\w+)` \|", section("Diagrams at build time"), re.MULTILINE)
    assert sorted(rows) == sorted(OPTION_NAMES)


def test_the_pip_commands_install_this_package_and_its_extras() -> None:
    """``pip install ./`` and ``./[extra]``: extras pyproject.toml declares (the wheel itself is
    built and installed by tests/test_package.py)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    commands = [c for c in SH_COMMANDS if _is_pip(c)]
    assert commands
    for command in commands:
        target = shlex.split(command.text, comments=True)[2]
        match = re.fullmatch(r"\./(?:\[(\w+)\])?", target)
        assert match, f"{command.name}: installs {target!r}, not this repository"
        assert match[1] is None or match[1] in project["optional-dependencies"], command.name


_ELEMENTS = [block for block in _blocks_of("html") if "<akropolis-" in block.body]
_ELEMENT = re.compile(r"<(akropolis-city|akropolis-game)\b([^>]*)>", re.DOTALL)


@pytest.mark.parametrize("block", _ELEMENTS, ids=_ids(_ELEMENTS))
def test_element_example_is_read_as_its_elements_read_it(block: Block) -> None:
    """One script tag from the deployed site, and elements whose notation and attributes the
    elements' Python reads (the embed's options, checked as the embed checks its link)."""
    (source,) = re.findall(r'<script src="([^"]+)" defer></script>', block.body)
    assert source == "https://YOUR-NAME.github.io/akropolis/akropolis-elements.js"
    elements = _ELEMENT.findall(block.body)
    assert {name for name, _ in elements} == {"akropolis-city", "akropolis-game"}
    for name, attributes in elements:
        given = dict(re.findall(r'([a-z]+)="([^"]*)"', attributes))
        text = given.pop("notation")
        query = "?" + "&".join(f"{key}={value}" for key, value in given.items())
        diagram = Diagram(query, text, name == "akropolis-game")
        assert diagram.view()["svg"].startswith("<svg ")
