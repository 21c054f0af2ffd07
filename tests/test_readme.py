"""Every example in README.md and docs/ is real: it runs, loads or fails exactly as they say.

Each of these files is cut into fenced blocks and prose.  ``python`` blocks are executed;
``json`` blocks are records that must load and write back unchanged; ``html`` blocks are embed
snippets whose frames must be embed links the widget reads (every option known, every value
allowed); ``sh`` blocks are command lines that are run (``python -m akropolis ...``, ``render``
writing an SVG picture, possibly redirected to a file that is not written), checked against
build.py's argument parser (``python build.py ...``) or, for a script of the repository (a
benchmark), checked to exist.  In an ``sh`` block a command followed by a comment line
``# akropolis: ...`` is an example of a refusal: it must exit with status 2 and print exactly
that line on stderr.
In the prose, notation (``A1;...``, ``C1;...``), move tokens (``18@0,2:0``), engine messages
and command lines in backticks are checked too.  Anything the test does not know how to check
(a new kind of block, a new kind of command) fails rather than being skipped.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shlex
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path
from typing import NamedTuple

import jsonschema
import pytest
from referencing import Registry, Resource

from akropolis import Game, deal, notation, records
from akropolis.records import CityRecord, RecordError
from common import embed_options

ROOT = Path(__file__).resolve().parents[1]
README_PATH = ROOT / "README.md"
README = README_PATH.read_text(encoding="utf-8")
#: The documentation checked here: the README, every page of docs/ and the benchmarks' page.
DOCS = {
    "README.md": README,
    **{
        path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8")
        for path in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "benchmarks" / "README.md"]
    },
}
EXAMPLES = ROOT / "examples"

#: The fenced-block languages this test knows how to check; any other one fails.
HANDLED_LANGUAGES = frozenset({"python", "json", "sh", "html", "yaml", "markdown", "rst"})

_FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
_FENCE_LINE = re.compile(r"^```", re.MULTILINE)
_INLINE = re.compile(r"`([^`\n]+)`")
_MOVE_LIKE = re.compile(r"^-?\d+@")
_MESSAGE_LIKE = re.compile(r"^(?:akropolis: |(?:move|placement) \d+: )")
_EXAMPLE_FILE = re.compile(r"`(examples/[^`\s]+)`")
_COMMAND_START = re.compile(r"^(?:\S*/)?python3?(?: |$)")
_SCRIPT = re.compile(r"^(?:\S*/)?python3? (\S+\.py)(?: |$)")
_PREFIX = "akropolis: "


class Block(NamedTuple):
    language: str
    body: str
    line: int
    lead: str  # the paragraph just before the block
    file: str = "README.md"

    @property
    def name(self) -> str:
        return f"{self.language}@{self.file}:{self.line}"


class Command(NamedTuple):
    text: str
    line: int
    error: str | None  # the stderr line it must print (then it must exit with status 2)
    file: str = "README.md"

    @property
    def name(self) -> str:
        return f"{self.file}:{self.line}: {self.text}"


def _blocks() -> list[Block]:
    blocks = []
    for file, text in DOCS.items():
        for match in _FENCE.finditer(text):
            before = text[: match.start()].rstrip("\n")
            lead = before[before.rfind("\n\n") + 2 :]
            line = text.count("\n", 0, match.start()) + 1
            blocks.append(Block(match.group(1).strip(), match.group(2), line, lead, file))
    return blocks


def _prose(text: str) -> str:
    """A file without its fenced blocks (kept as blank lines, so line numbers hold)."""
    return _FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), text)


def _inline() -> list[tuple[str, str]]:
    """Every inline code span of the prose, and where it is (``file:line``)."""
    found = []
    for file, text in DOCS.items():
        prose = _prose(text)
        for m in _INLINE.finditer(prose):
            found.append((m.group(1), f"{file}:{prose.count(chr(10), 0, m.start()) + 1}"))
    return found


BLOCKS = _blocks()
INLINE = _inline()


def _blocks_of(language: str) -> list[Block]:
    return [block for block in BLOCKS if block.language == language]


def _sh_commands() -> list[Command]:
    """Every command line in the ``sh`` blocks, with the refusal it is shown with, if any."""
    commands: list[Command] = []
    for block in _blocks_of("sh"):
        for offset, raw in enumerate(block.body.splitlines(), start=1):
            line = raw.strip()
            if not line:
                continue
            where = block.line + offset
            at = f"{block.file}:{where}"
            if line.startswith("#"):
                message = line[1:].strip()
                assert message.startswith(_PREFIX), (
                    f"{at}: a comment line in an sh block must be the stderr line "
                    f"({_PREFIX}...) of the command above it, not {line!r}"
                )
                assert commands and commands[-1].line == where - 1, (
                    f"{at}: an error line must follow its command"
                )
                assert commands[-1].error is None, f"{at}: two error lines"
                commands[-1] = commands[-1]._replace(error=message)
                continue
            commands.append(Command(line, where, None, block.file))
    return commands


SH_COMMANDS = _sh_commands()
#: Command lines written in the prose: they must succeed like those in sh blocks.
INLINE_COMMANDS = [
    Command(text, int(where.rsplit(":", 1)[1]), None, where.rsplit(":", 1)[0])
    for text, where in INLINE
    if _COMMAND_START.match(text) or "python -m akropolis" in text
]
ALL_COMMANDS = SH_COMMANDS + INLINE_COMMANDS


def _is_akropolis(command: Command) -> bool:
    return "python -m akropolis" in command.text


def _is_build(command: Command) -> bool:
    return command.text.startswith("python build.py")


def _is_catalogs(command: Command) -> bool:
    return command.text.startswith(".venv/bin/python -m tools.translations ")


def _is_installed(command: Command) -> bool:
    """The installed package's own command, ``akropolis …``: run as ``python -m akropolis``."""
    return command.text.startswith("akropolis ")


def _is_pip(command: Command) -> bool:
    return command.text.startswith("pip install ")


AKROPOLIS_COMMANDS = [c for c in ALL_COMMANDS if _is_akropolis(c) or _is_installed(c)]
BUILD_COMMANDS = [c for c in ALL_COMMANDS if _is_build(c)]


def _is_script(command: Command) -> bool:
    """A script of the repository run by its path (a benchmark, a tool)."""
    return bool(_SCRIPT.match(command.text)) and not _is_build(command)


SCRIPT_COMMANDS = [c for c in INLINE_COMMANDS if not _is_akropolis(c) and not _is_build(c)]
SCRIPT_COMMANDS += [c for c in SH_COMMANDS if _is_script(c)]
NOTATION_TEXTS = [
    (text, line) for text, line in INLINE if ";" in text and notation.looks_like_notation(text)
]
MOVE_TOKENS = [(text, line) for text, line in INLINE if _MOVE_LIKE.match(text)]
MESSAGES = [(text, line) for text, line in INLINE if _MESSAGE_LIKE.match(text)]


def _ids(items: list) -> list[str]:
    return [item.name if hasattr(item, "name") else item[1] for item in items]


def section(title: str) -> str:
    """The section of the documentation under the heading ``title`` (whichever file has it)."""
    for text in DOCS.values():
        heading = re.search(rf"^#+ {re.escape(title)}$", text, re.MULTILINE)
        if heading:
            return text[heading.end() :].split("\n## ", 1)[0]
    raise AssertionError(f"no section {title!r} in the documentation")


# --- The documentation's shape -----------------------------------------------------------------


def test_every_fenced_block_is_of_a_kind_this_test_checks() -> None:
    """A new kind of example must get a check here, not be skipped silently."""
    for file, text in DOCS.items():
        fences = len(_FENCE_LINE.findall(text))
        blocks = [block for block in BLOCKS if block.file == file]
        assert fences == 2 * len(blocks), f"{file}: a fenced block is not closed"
    languages = {block.language for block in BLOCKS}
    unchecked = languages - HANDLED_LANGUAGES
    assert not unchecked, f"unchecked block languages: {unchecked}"
    assert languages == HANDLED_LANGUAGES, "a checked kind vanished: is the README parsed right?"


def test_every_sh_command_is_of_a_kind_this_test_checks() -> None:
    for command in SH_COMMANDS:
        kinds = (_is_akropolis, _is_installed, _is_build, _is_catalogs, _is_pip)
        known = any(is_kind(command) for is_kind in kinds)
        known = known or _is_script(command)
        assert known, f"unchecked command {command.name}"
    assert AKROPOLIS_COMMANDS and BUILD_COMMANDS and NOTATION_TEXTS and MOVE_TOKENS


def test_the_catalog_commands_are_the_tools() -> None:
    """The "Languages" section's commands: ``check`` passes on this tree (it changes nothing);
    both are commands ``tools.translations`` knows."""
    catalog_commands = [c for c in SH_COMMANDS if _is_catalogs(c)]
    assert {shlex.split(c.text, comments=True)[3] for c in catalog_commands} == {"update", "check"}
    check = next(c for c in catalog_commands if " check" in c.text)
    python = ROOT / ".venv" / "bin" / "python"
    tokens = shlex.split(check.text, comments=True)
    done = subprocess.run(
        [str(python) if python.exists() else sys.executable, *tokens[1:]],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_example_file_is_shown_and_loads() -> None:
    """Each file in examples/ is named in the documentation and is a record the engine reads."""
    files = sorted(path for path in EXAMPLES.iterdir() if path.is_file())
    assert files, "examples/ is empty"
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        assert any(name in text for text in DOCS.values()), f"{name} is not mentioned"
        subject = records.load(path.read_bytes())
        if path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
            assert _written(subject) == data, f"{name} is not as the engine writes it"
    finished = records.load((EXAMPLES / "finished.json").read_bytes())
    assert isinstance(finished, Game) and finished.is_over


# --- Python ------------------------------------------------------------------------------------


@pytest.mark.parametrize("block", _blocks_of("python"), ids=_ids(_blocks_of("python")))
def test_python_example_runs(block: Block) -> None:
    code = compile(block.body, block.name, "exec")
    exec(code, {"__name__": "readme_example"})


# --- Records -----------------------------------------------------------------------------------

_SCHEMAS = {
    fmt: json.loads(resources.files("akropolis").joinpath(f"schemas/{name}").read_text())
    for fmt, name in (
        (records.GAME_FORMAT, "game.schema.json"),
        (records.CITY_FORMAT, "city.schema.json"),
    )
}
_REGISTRY = Registry().with_resources(
    [(s["$id"], Resource.from_contents(s)) for s in _SCHEMAS.values()]
)


def _written(subject: Game | CityRecord) -> dict:
    """The record the engine writes for what it read."""
    if isinstance(subject, Game):
        return records.game_to_record(subject)
    return records.city_to_record(subject.build(), subject.variants, subject.stones)


@pytest.mark.parametrize("block", _blocks_of("json"), ids=_ids(_blocks_of("json")))
def test_json_example_is_a_record_written_back_unchanged(block: Block) -> None:
    subject = records.load(block.body)
    data = json.loads(block.body)
    assert _written(subject) == data
    if isinstance(subject, Game) and "seed" in data and "deck" in data:
        # Not a deck that silently overrides its seed: the seed deals exactly this deck.
        assert list(deal(subject.options, data["seed"])) == data["deck"]
    validator = jsonschema.Draft202012Validator(_SCHEMAS[data["format"]], registry=_REGISTRY)
    assert [error.message for error in validator.iter_errors(data)] == []
    # "the record in `examples/...`": the example file holds this very record.
    for name in _EXAMPLE_FILE.findall(block.lead):
        assert json.loads((ROOT / name).read_text(encoding="utf-8")) == data, name


@pytest.mark.parametrize(("text", "line"), NOTATION_TEXTS, ids=_ids(NOTATION_TEXTS))
def test_notation_example_loads_and_is_written_the_same(text: str, line: int) -> None:
    record = _written(records.load(text))
    check = text.split(";")[1].startswith("c=")  # a link's text, with its check
    written = (
        notation.format_game(record, check=check)
        if record["format"] == records.GAME_FORMAT
        else notation.format_city(record, check=check)
    )
    assert written == text


@pytest.mark.parametrize(("text", "line"), MOVE_TOKENS, ids=_ids(MOVE_TOKENS))
def test_move_token_parses(text: str, line: int) -> None:
    move = notation.parse_move(text)
    assert notation.format_move(move) == text


# --- Embeds ------------------------------------------------------------------------------------

_IFRAME = re.compile(r"<iframe\b([^>]*)>", re.DOTALL)
_EMBED_SRC = re.compile(r'src="https://[^"]+/embed\.html(\?[^"#]*)?#([^"]+)"')


_FRAMED = [block for block in _blocks_of("html") if "<akropolis-" not in block.body]


@pytest.mark.parametrize("block", _FRAMED, ids=_ids(_FRAMED))
def test_html_example_frames_an_embed_link_the_widget_reads(block: Block) -> None:
    frames = _IFRAME.findall(block.body)
    assert frames, f"{block.name}: an html example must frame the embed"
    for attributes in frames:
        match = _EMBED_SRC.search(attributes)
        assert match, f"{block.name}: the frame's src must be an embed.html link"
        query, fragment = match.group(1) or "", match.group(2)
        link = embed_options.read_link(query, "#" + fragment)
        assert link.subject is not None
        for pair in filter(None, query.removeprefix("?").split("&")):
            name, _, value = pair.partition("=")
            assert value in embed_options.ALLOWED[name][1:], f"{pair} is not an allowed option"
        assert 'loading="lazy"' in attributes and "title=" in attributes


def test_the_embed_options_table_lists_every_option_and_its_values() -> None:
    rows = re.findall(r"^\| `(\w+)` \| ([^|]*) \|", section("The embed in a frame"), re.MULTILINE)
    assert [name for name, _ in rows] == list(embed_options.ALLOWED)
    for name, values in rows:
        allowed = [v for v in embed_options.ALLOWED[name] if v]
        written = re.findall(r"`([^`]+)`", values)
        if name == "tile":
            assert written == ["1", "61"]
        elif name == "player":
            assert written == ["1", "4"]
        else:
            assert written == allowed, name


# --- Command lines -----------------------------------------------------------------------------


def _run(command: Command) -> subprocess.CompletedProcess[str]:
    """Run an ``[echo TEXT |] python -m akropolis ...`` line from the repository root."""
    tokens = shlex.split(command.text, comments=True)
    if tokens[0] == "akropolis":  # the installed command is the module's entry point
        tokens = ["python", "-m", *tokens]
    stdin = None
    if "|" in tokens:
        bar = tokens.index("|")
        source, tokens = tokens[:bar], tokens[bar + 1 :]
        assert len(source) == 2 and source[0] == "echo", f"unchecked pipe in {command.name}"
        stdin = source[1] + "\n"
    assert tokens[:3] == ["python", "-m", "akropolis"], f"unchecked command {command.name}"
    if ">" in tokens:  # the output's file: the test reads the output instead
        assert tokens.index(">") == len(tokens) - 2, f"unchecked redirection in {command.name}"
        tokens = tokens[:-2]
    return subprocess.run(
        [sys.executable, *tokens[1:]],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": "engine"},
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("command", AKROPOLIS_COMMANDS, ids=_ids(AKROPOLIS_COMMANDS))
def test_command_line_example(command: Command) -> None:
    """Exit 0 with JSON on stdout (``render``: an SVG picture), or, when an error line is
    shown, exit 2 with that line."""
    out = _run(command)
    if command.error is None:
        assert out.returncode == 0, out.stderr
        assert out.stderr == ""
        if "render" in shlex.split(command.text)[:4]:
            assert ET.fromstring(out.stdout).tag == "{http://www.w3.org/2000/svg}svg"
        else:
            json.loads(out.stdout)
    else:
        assert out.returncode == 2
        assert out.stdout == ""
        assert out.stderr == command.error + "\n"


def _input_of(command: Command) -> str | bytes:
    """What a refused command line gives the reader: the echoed text or the file."""
    tokens = shlex.split(command.text, comments=True)
    if "|" in tokens:
        return tokens[1] + "\n"
    return (ROOT / tokens[-1]).read_bytes()


@pytest.mark.parametrize(("text", "line"), MESSAGES, ids=_ids(MESSAGES))
def test_message_shown_in_the_prose_is_real(text: str, line: int) -> None:
    """An engine message quoted in the prose is what a refused example in the README gives."""
    message = text.removeprefix(_PREFIX)
    refused = [c for c in SH_COMMANDS if c.error and c.error.removeprefix(_PREFIX) == message]
    assert refused, f"no example command in the documentation is refused with {text!r}"
    with pytest.raises(RecordError) as caught:
        records.load(_input_of(refused[0]))
    assert str(caught.value) == message


def _build_script():
    spec = importlib.util.spec_from_file_location("readme_build_script", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("command", BUILD_COMMANDS, ids=_ids(BUILD_COMMANDS))
def test_build_command_exists(command: Command, monkeypatch: pytest.MonkeyPatch) -> None:
    """build.py's own parser accepts the line and picks that action (which is not run)."""
    build = _build_script()
    called: list[tuple[str, object]] = []
    monkeypatch.setattr(build, "build", lambda: called.append(("build", None)))
    monkeypatch.setattr(build, "serve", lambda port: called.append(("serve", port)))
    monkeypatch.setattr(build, "test", lambda rest: called.append(("test", rest)) or 0)
    monkeypatch.setattr(build, "check", lambda rest: called.append(("check", rest)) or 0)
    args = shlex.split(command.text, comments=True)[2:]
    monkeypatch.setattr(sys, "argv", ["build.py", *args])
    try:
        build.main()
    except SystemExit as exit:
        assert exit.code == 0, f"build.py refuses {command.text!r}"
    action = args[0] if args and not args[0].startswith("-") else "build"
    assert [name for name, _ in called] == [action]


@pytest.mark.parametrize("command", SCRIPT_COMMANDS, ids=_ids(SCRIPT_COMMANDS))
def test_script_named_in_the_prose_exists(command: Command) -> None:
    match = _SCRIPT.match(command.text)
    assert match, f"unchecked command {command.name}"
    assert (ROOT / match.group(1)).is_file()
