"""The standard library the pages ship: Pyodide's ``python_stdlib.zip`` trimmed to the modules
the game's Python, PyScript's and Pyodide's own can import.

Pyodide's zip holds the whole standard library (2.5 MB, most of it email, http, xml,
multiprocessing, unittest, …, which nothing here imports); a first visit on a slow phone network
spends seconds downloading it.  The trimmed zip holds what the shipped code imports, followed
through the standard library: every ``import`` a kept module makes, at its top or inside a
function, is kept too, so a rarely taken path still finds its module.  Codecs are looked up by
name, not imported: the ones that can be asked for are listed (``CODECS``).  The few
packages no code here can reach but through a standard library function it never calls are left
out by name (``LEFT_OUT``); ``tests/engine/test_stdlib.py`` fails when shipped code imports a
module the zip lacks.  Standard library only.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path

#: Top-level modules Pyodide itself runs at start (its ``_pyodide`` and ``pyodide`` packages,
#: the site module, the platform's sysconfig data) and the codecs a text can be decoded with here.
ROOTS = (
    "_pyodide",
    "pyodide",
    "site",
    "sitecustomize",
    "_sysconfigdata__emscripten_wasm32-emscripten",
)
CODECS = tuple(
    f"encodings.{name}"
    for name in (
        "aliases",
        "ascii",
        "latin_1",
        "utf_8",
        "utf_8_sig",
        "utf_16",
        "utf_16_le",
        "utf_16_be",
        "utf_32",
        "cp437",
        "idna",
        "raw_unicode_escape",
        "unicode_escape",
        "punycode",
    )
)
#: Packages reached only through functions the shipped code never calls (a debugger, a test
#: runner, e-mail, web servers and clients, XML, processes and threads pools, a REPL, C types).
LEFT_OUT = frozenset(
    (
        "_pyrepl",
        "pdb",
        "pydoc",
        "pydoc_data",
        "doctest",
        "unittest",
        "email",
        "http",
        "urllib",
        "xml",
        "xmlrpc",
        "multiprocessing",
        "ctypes",
        "sqlite3",
        "tkinter",
        "idlelib",
        "turtle",
        "turtledemo",
        "wsgiref",
        "mailbox",
        "imaplib",
        "smtplib",
        "poplib",
        "nntplib",
        "ftplib",
        "tarfile",
        "lzma",
        "bz2",
        "curses",
        "dbm",
        "venv",
        "ensurepip",
        "lib2to3",
        "test",
        "pyodide.http",
        "webbrowser",
        "socketserver",
        "ssl",
        "_pyio",
        "pickletools",
        "cProfile",
        "profile",
        "pstats",
        "trace",
        "tracemalloc",
        "timeit",
        "zipapp",
        "asyncio.__main__",
        "json.tool",
        "sqlite3.__main__",
        "uuid",
        "mimetypes",
        "netrc",
        "getpass",
        "shelve",
        "pty",
        "tty",
        "rlcompleter",
        "cmd",
        "compression.zstd",
        "importlib.metadata",
        "importlib.resources",
    )
)
IMPORT = re.compile(
    r"^(?P<indent>[ \t]*)(?:from[ \t]+(?P<source>\.*[\w.]*)[ \t]+import[ \t]+"
    r"(?P<names>\([^)]*\)|[^\n#;]+)"
    r"|import[ \t]+(?P<modules>[^\n#;]+))",
    re.MULTILINE,
)


def imports(text: str, module: str, package: bool, top: bool = False) -> set[str]:
    """The absolute names a module's source may import (each ``from x import y`` gives ``x`` and
    ``x.y``: ``y`` may be a submodule); with ``top``, only those its top level imports (not
    indented: as it is imported, not when a function runs)."""
    found = set()
    for match in IMPORT.finditer(text):
        if top and match["indent"]:
            continue
        if match["modules"]:
            for part in match["modules"].split(","):
                name = part.split(" as ")[0].strip()
                if re.fullmatch(r"[\w.]+", name):
                    found.add(name)
            continue
        source = match["source"]
        dots = len(source) - len(source.lstrip("."))
        if dots:
            parts = module.split(".")
            base = parts if package else parts[:-1]
            base = base[: len(base) - (dots - 1)]
            source = ".".join([*base, source.lstrip(".")]).strip(".")
        names = match["names"].strip("()")
        for part in names.replace("\\\n", " ").split(","):
            name = part.split(" as ")[0].strip()
            if re.fullmatch(r"\w+", name) and source:
                found.add(f"{source}.{name}")
        if source:
            found.add(source)
    return found


def left_out(name: str) -> bool:
    parts = name.split(".")
    return any(".".join(parts[: i + 1]) in LEFT_OUT for i in range(len(parts)))


def modules_of(names: Iterable[str]) -> dict[str, tuple[str, bool]]:
    """Module name → (its file in the zip, whether it is a package)."""
    found = {}
    for path in names:
        if not path.endswith(".py"):
            continue
        parts = path[:-3].split("/")
        if parts[-1] == "__init__":
            found[".".join(parts[:-1])] = (path, True)
        else:
            found[".".join(parts)] = (path, False)
    return found


def needed(full: zipfile.ZipFile, sources: Iterable[str], top: bool = False) -> set[str]:
    """The zip's modules the texts ``sources`` (shipped code) can import, followed through;
    with ``top``, only those imported as the code is (which a start certainly imports)."""
    table = modules_of(full.namelist())
    wanted: set[str] = set()
    queue = [*ROOTS, "encodings", "encodings.aliases", "encodings.utf_8"]
    if not top:
        queue += CODECS
        # Pyodide's own packages are imported from its C code too, not only by statements.
        queue += [name for name in table if name.split(".")[0] in ("_pyodide", "pyodide")]
    for text in sources:
        queue.extend(imports(text, "", False, top))
    while queue:
        name = queue.pop()
        parts = name.split(".")
        for i in range(len(parts)):
            prefix = ".".join(parts[: i + 1])
            if prefix in wanted or prefix not in table or left_out(prefix):
                continue
            wanted.add(prefix)
            path, package = table[prefix]
            queue.extend(imports(full.read(path).decode("utf-8"), prefix, package, top))
    # A module whose own top level imports a module left out could never import: it goes too
    # (and, in turn, those that import it).
    while True:
        broken = {
            name
            for name in wanted
            if any(
                other in table and (other not in wanted)
                for other in imports(
                    full.read(table[name][0]).decode("utf-8"), name, table[name][1], top=True
                )
            )
        }
        if not broken:
            return wanted
        wanted -= broken


def trim(full_zip: Path, sources: Iterable[str]) -> tuple[bytes, list[str]]:
    """The trimmed zip's bytes, with the modules ``needed`` and every file that is not a module
    (data a module reads) in a kept package's folder; and the files of those modules a start
    imports (worth compiling ahead: the others travel as source, which is smaller)."""
    out = io.BytesIO()
    with zipfile.ZipFile(full_zip) as full:
        sources = list(sources)
        table = modules_of(full.namelist())
        wanted = needed(full, sources)
        keep = {table[name][0] for name in wanted}
        folders = {table[name][0].rsplit("/", 1)[0] + "/" for name in wanted if table[name][1]}

        def data(name: str) -> bool:
            folder, _, base = name.rpartition("/")
            return bool(base) and not name.endswith(".py") and folder + "/" in folders

        early = sorted(table[name][0] for name in needed(full, sources, top=True) & wanted)
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as small:
            for info in full.infolist():
                if info.filename in keep or data(info.filename):
                    entry = zipfile.ZipInfo(info.filename, (1980, 1, 1, 0, 0, 0))
                    entry.external_attr = info.external_attr
                    small.writestr(entry, full.read(info.filename), zipfile.ZIP_DEFLATED, 9)
    return out.getvalue(), early
