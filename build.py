#!/usr/bin/env python3
"""Build, serve and test the Akropolis static site.

    python build.py          build dist/: pages, engine, glue and the pinned runtime files
    python build.py serve    build, then serve dist/ on http://localhost:8000 (--port N)
    python build.py test     install what the tests need, build, run ruff and every test
                             (extra arguments go to pytest)
    python build.py check    the quick loop: ruff and the tests that need no browser and no
                             build, in parallel, the fuzz tests on a tenth of their examples

Standard library only, so it runs on a fresh machine before anything is installed.  Pyodide and
PyScript come from npm at the versions pinned in package-lock.json; the pages load nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import venv
import zipfile
from pathlib import Path
from typing import NamedTuple

#: The engine, standard library only, is importable everywhere here: the icons use its palette.
sys.path.insert(0, str(Path(__file__).resolve().parent / "engine"))

from tools.bytecode import Job, compile_zips
from tools.icons import manifest_json, write_icons
from tools.serving import static_server
from tools.site import render_page, write_languages, write_service_worker
from tools.snapshot import SNAPSHOT, write_snapshot
from tools.stdlib import trim

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "engine" / "akropolis"
NODE_MODULES = ROOT / "node_modules"
VENV = ROOT / ".venv"
#: The Pyodide files a page needs to boot (no packages are loaded beyond the stdlib).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
#: Pyodide's standard library, shipped trimmed to what the site's Python can import
#: (tools/stdlib.py).
STDLIB = "python_stdlib.zip"
#: Names a browser executable for the tests; when set, it wins over the ones found.
BROWSER_VARIABLE = "AKROPOLIS_BROWSER"
#: Debian's Chromium (on Ubuntu the same path may be a snap stub that does not run).
DEBIAN_CHROMIUM = "/usr/bin/chromium"
#: The flags Chromium needs headless here (as root, no network, no GPU).
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",  # containers' /dev/shm is often 64 MB: a tab that runs out crashes
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: PyScript's files the page loads: its core and the chunks core imports at every start (by
#: name up to the content hash). The editor's, terminal's, TOML and zip readers' chunks are
#: imported only by features the page does not use, so they are neither shipped nor cached.
PYSCRIPT_FILES = (
    "core.js",
    "core.css",
    "core-",
    "deprecations-manager-",
    "donkey-",
    "error-",
    "py-editor-",
    "py-game-",
    "py-terminal-",
)
#: Runtime files whose download the loading screen reports as progress.
PROGRESS_FILES = ("pyodide.asm.wasm", STDLIB, "pyodide.asm.mjs")


def run(*command: str | Path, **kwargs) -> None:
    """Run a command, echoing it; stop the build if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(
        [str(part) for part in command], check=True, cwd=kwargs.pop("cwd", ROOT), **kwargs
    )


def ensure_node_modules() -> None:
    """Install the npm packages pinned in package-lock.json when missing or out of date."""
    lock, stamp = ROOT / "package-lock.json", NODE_MODULES / ".package-lock.json"
    if (
        not (NODE_MODULES / "pyodide").exists()
        or not stamp.exists()
        or stamp.stat().st_mtime < lock.stat().st_mtime
    ):
        if not shutil.which("npm"):
            sys.exit("npm is needed (Node.js 20+) to fetch the pinned Pyodide and PyScript")
        run("npm", "ci", "--no-audit", "--no-fund")


def pyscript_files() -> list[Path]:
    """The pinned PyScript's files that the page needs (``PYSCRIPT_FILES``), each found once."""
    found = []
    for pattern in PYSCRIPT_FILES:
        matches = [
            path
            for path in (NODE_MODULES / "@pyscript" / "core" / "dist").iterdir()
            if path.suffix in (".js", ".css")
            and (path.name == pattern or (pattern.endswith("-") and path.name.startswith(pattern)))
        ]
        if len(matches) != 1:
            raise SystemExit(f"@pyscript/core: expected one file for {pattern!r}, not {matches}")
        found.append(matches[0])
    return found


#: The engine's modules no page runs (the command line and the AI's tournaments): they stay
#: out of the bundle every browser downloads.
NOT_IN_BROWSER = frozenset(
    {
        "__main__.py",
        "cli.py",
        "simulate.py",
        "ai/command.py",
        "ai/tournament.py",
        "diagrams/markdown.py",  # the documentation tools' adapters: for site builds only
        "diagrams/sphinx.py",
    }
)


#: The web's Python packages, each a folder of web/: the two shared layers (``common``: pure
#: Python; ``browser``: the DOM) and one per page.
WEB_PACKAGES = ("common", "browser", "game", "calculator", "embed", "elements")
#: The zips of Python packages the pages unpack: the shared one (the engine without its AI, the
#: two shared layers of web/, the catalogs), one per page, and the AI (the AI worker's).
BUNDLES = {
    "python.zip": (ENGINE, WEB / "common", WEB / "browser"),
    "game.zip": (WEB / "game",),
    "calculator.zip": (WEB / "calculator",),
    "embed.zip": (WEB / "embed",),
    "elements.zip": (WEB / "elements",),
    "ai.zip": (ENGINE,),
}
#: The bundle every page and the AI worker unpack, and its packages every start imports, which
#: the snapshot holds imported (pure Python: no browser module).
SHARED = "python.zip"
PRELOADED = ("akropolis", "common")
#: Python files of web/ that are scripts the browser fetches by URL, not modules of the bundle.
SCRIPTS = frozenset({"game/ai_worker.py"})


def site_files() -> list[Path]:
    """The files of web/ served as they are, each at the site's root under its own name: the
    pages, styles and JavaScript of every folder, and the scripts (``SCRIPTS``)."""
    found = sorted(
        path
        for path in WEB.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and (path.suffix != ".py" or path.relative_to(WEB).as_posix() in SCRIPTS)
    )
    names = [path.name for path in found]
    clashes = sorted({name for name in names if names.count(name) > 1})
    if clashes:
        raise SystemExit(f"web/: two files would be served as {', '.join(clashes)}")
    return found


def python_files(package: Path) -> list[Path]:
    """A package's source and data files, without caches or the modules no page runs."""
    return sorted(
        path
        for path in package.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and path.suffix in (".py", ".json")
        and path.relative_to(package).as_posix() not in NOT_IN_BROWSER
        and not (path.is_relative_to(WEB) and path.relative_to(WEB).as_posix() in SCRIPTS)
    )


def build() -> None:
    """Make dist/ from scratch."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    for path in site_files():
        copy(path, DIST / path.name)
    # The Python packages travel as zips that PyScript unpacks into Python's working directory
    # (each page's inline config maps them to "./*"): one request each, not one per module.
    # Every page takes the shared one and its own; the AI worker takes the shared one, the game's
    # and the AI's: no page downloads another page's code.
    for bundle_name, folders in BUNDLES.items():
        with zipfile.ZipFile(DIST / bundle_name, "w", zipfile.ZIP_DEFLATED) as bundle:
            for package in folders:
                for path in python_files(package):
                    inside = (Path(package.name) / path.relative_to(package)).as_posix()
                    if inside.startswith("akropolis/ai/") == (bundle_name == "ai.zip"):
                        bundle.write(path, inside)
            if bundle_name == "python.zip":
                write_languages(DIST, bundle)
    page = DIST / "index.html"
    page.write_text(render_page(page.read_text()))
    write_icons(DIST / "icons")
    (DIST / "manifest.webmanifest").write_text(manifest_json())
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        copy(pyodide / name, DIST / "runtime" / "pyodide" / name)
    stdlib = DIST / "runtime" / "pyodide" / STDLIB
    trimmed, early = trim(pyodide / STDLIB, shipped_sources())
    stdlib.write_bytes(trimmed)
    # The modules every start imports travel compiled, the rest as source (smaller); the pages
    # unpack python.zip into Python's working directory.
    bundles = [Job(DIST / name, "") for name in BUNDLES]
    compile_zips(pyodide, [Job(stdlib, "<stdlib>", 2, early), *bundles])
    # Later starts restore Python with the standard library's modules every start imports.
    modules = tuple(
        path.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for path in early
    )
    # And with the site's pure Python that every page imports (the engine, web/common), from
    # the shared zip each start unpacks again.
    with zipfile.ZipFile(DIST / SHARED) as shared:
        site = tuple(
            name.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".")
            for name in shared.namelist()
            if name.endswith(".pyc") and name.split("/")[0] in PRELOADED
        )
    target = DIST / "runtime" / "pyodide" / SNAPSHOT
    write_snapshot(pyodide, stdlib, target, modules, (DIST / SHARED,), site)
    # The pages look for the snapshot by its content, as the offline worker keeps it.
    snapshot_hash = hashlib.sha256((DIST / "runtime" / "pyodide" / SNAPSHOT).read_bytes())
    starter = DIST / "start_python.mjs"
    starter.write_text(
        starter.read_text().replace("__SNAPSHOT_SHA256__", snapshot_hash.hexdigest())
    )
    for path in pyscript_files():
        copy(path, DIST / "runtime" / "pyscript" / path.name)
    sizes = {name: (DIST / "runtime" / "pyodide" / name).stat().st_size for name in PROGRESS_FILES}
    (DIST / "runtime" / "sizes.json").write_text(json.dumps(sizes))
    (DIST / ".nojekyll").write_text("")
    write_service_worker(DIST)
    files = [path.stat().st_size for path in DIST.rglob("*") if path.is_file()]
    print(f"built {DIST.relative_to(ROOT)}/: {len(files)} files, {sum(files) / 1e6:.1f} MB")


def shipped_sources() -> list[str]:
    """The text of every Python module the site runs: its bundle's, its scripts' (the AI
    worker) and PyScript's own package's."""
    packages = (ENGINE, *(WEB / name for name in WEB_PACKAGES))
    paths = [path for package in packages for path in python_files(package)]
    paths += [WEB / name for name in sorted(SCRIPTS)]
    pyscript = NODE_MODULES / "@pyscript" / "core" / "src" / "stdlib" / "pyscript"
    paths += sorted(pyscript.glob("*.py"))
    return [path.read_text() for path in paths if path.suffix == ".py"]


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


def serve(port: int) -> None:
    build()
    server = static_server(DIST, port)
    print(f"serving the game on http://localhost:{port}/ (Ctrl+C to stop)", flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> None:
    """Create .venv with the test extra installed; reinstall when pyproject.toml changes."""
    if not venv_python().exists():
        print("+ python -m venv .venv", flush=True)
        venv.create(VENV, with_pip=True)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    stamp = VENV / ".installed"
    if not stamp.exists() or stamp.read_text() != digest:
        run(venv_python(), "-m", "pip", "install", "--quiet", "-e", ".[test]")
        stamp.write_text(digest)


class Browser(NamedTuple):
    """A browser for the tests: where it was found ("AKROPOLIS_BROWSER", "debian" or
    "playwright") and its executable."""

    source: str
    executable: str

    def launch_options(self) -> dict[str, object]:
        """Keyword arguments for Playwright's ``chromium.launch()``.  Playwright's own browser
        is launched its default way (headless, that is its headless shell)."""
        options: dict[str, object] = {"headless": True, "args": list(CHROMIUM_ARGS)}
        if self.source != "playwright":
            options["executable_path"] = self.executable
        return options


def browser_runs(executable: str | Path) -> bool:
    """Whether ``executable --version`` succeeds quickly, and is not a snap stub (Ubuntu's
    chromium package only asks for the snap, failing or printing a message about it)."""
    try:
        out = subprocess.run(
            [str(executable), "--version"], capture_output=True, text=True, timeout=15, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return False
    said = (out.stdout + out.stderr).lower()
    return out.returncode == 0 and bool(out.stdout.strip()) and "snap" not in said


_PLAYWRIGHT_CHROMIUM = (
    "from playwright.sync_api import sync_playwright\n"
    "with sync_playwright() as playwright:\n"
    "    print(playwright.chromium.executable_path)\n"
)


def playwright_chromium() -> str | None:
    """Playwright's own Chromium if it is installed, asked of a Python that has Playwright (in
    a child process, so that it never nests in a caller's own Playwright session)."""
    has_playwright = importlib.util.find_spec("playwright") is not None
    python = Path(sys.executable if has_playwright else venv_python())
    if not python.exists():
        return None
    try:
        out = subprocess.run(
            [str(python), "-c", _PLAYWRIGHT_CHROMIUM],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    path = out.stdout.strip()
    return path if out.returncode == 0 and path and Path(path).is_file() else None


def find_browser() -> Browser | None:
    """The browser for the tests, first found of: the executable AKROPOLIS_BROWSER names;
    Debian's /usr/bin/chromium if it really runs; Playwright's own Chromium if installed.

    Raises FileNotFoundError when AKROPOLIS_BROWSER is set but names no executable.
    """
    named = os.environ.get(BROWSER_VARIABLE, "").strip()
    if named:
        executable = shutil.which(named)
        if executable is None:
            raise FileNotFoundError(f"{BROWSER_VARIABLE}={named!r} names no executable file")
        return Browser(BROWSER_VARIABLE, executable)
    if browser_runs(DEBIAN_CHROMIUM):
        return Browser("debian", DEBIAN_CHROMIUM)
    executable = playwright_chromium()
    return Browser("playwright", executable) if executable else None


def is_debian() -> bool:
    """Debian itself, not a derivative: Ubuntu's chromium package is a snap stub."""
    try:
        release = Path("/etc/os-release").read_text()
    except OSError:
        return False
    return any(line.strip() in ("ID=debian", 'ID="debian"') for line in release.splitlines())


BROWSER_HELP = (
    "no browser for the browser tests: set AKROPOLIS_BROWSER to a Chromium executable, "
    "install Debian's chromium (apt-get install chromium), or let Playwright download its "
    "own (.venv/bin/python -m playwright install --with-deps chromium)"
)


def ensure_browser() -> Browser:
    """A browser for the browser tests, installed when none is found: Debian's chromium with
    apt on Debian, else Playwright's own Chromium with the system libraries it needs."""
    try:
        found = find_browser()
    except FileNotFoundError as error:
        sys.exit(str(error))
    if found is None and is_debian():
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            run(*sudo, "apt-get", "update", "-q", env=env)
            run(*sudo, "apt-get", "install", "-y", "-q", "chromium", env=env)
        found = find_browser()
    if found is None:
        with contextlib.suppress(subprocess.CalledProcessError, OSError):
            run(venv_python(), "-m", "playwright", "install", "--with-deps", "chromium")
        found = find_browser()
    if found is None:
        sys.exit(BROWSER_HELP)
    print(f"browser for the tests: {found.executable} ({found.source})", flush=True)
    return found


#: The tests that need the built site, a browser or Node: ``check`` leaves them out, ``test``
#: runs them beside the others.
NEEDS_BUILD = ("tests/browser", "tests/pyodide")


def lint_and_test(
    pytest_args: list[str], env: dict[str, str] | None = None, halves: bool = False
) -> int:
    """ruff, then (if clean) pytest with ``pytest_args`` or ``run_halves``; the exit status."""
    python = venv_python()
    lint = subprocess.run([str(python), "-m", "ruff", "check", "."], cwd=ROOT, check=False)
    if lint.returncode:
        print("ruff found problems (above)", flush=True)
        return lint.returncode
    if halves:
        status = run_halves(python, env)
    else:
        status = subprocess.run(
            [str(python), "-m", "pytest", *pytest_args], cwd=ROOT, env=env, check=False
        ).returncode
    return 1 if status == 5 else status  # 5: no tests collected, which is a failure here


def test(pytest_args: list[str]) -> int:
    ensure_venv()
    build()
    if (ROOT / "tests" / "browser").exists():
        ensure_browser()
    if pytest_args or (os.cpu_count() or 1) < HALVES_MIN_CORES:
        return lint_and_test(pytest_args)  # the tests asked for, or all in one run
    return lint_and_test([], halves=True)


#: The cores ``test`` needs to run the halves side by side (2 cores: 25.5 min, not 26.1).
HALVES_MIN_CORES = 2
#: The build's half runs in two workers, a test module in one (2 cores: 10.7 min, not 14.7).
BUILT_WORKERS = ["-n", "2", "--dist", "loadscope"]


def run_halves(python: Path, env: dict[str, str] | None) -> int:
    """Every test, in two pytest runs side by side: those that need the build (the longer run)
    print as they go, the others, at a lower priority, when done.  The first failure's status."""
    ignored = [f"--ignore={path}" for path in NEEDS_BUILD]
    nice = ["nice", "-n", "10"] if shutil.which("nice") else []
    pytest, options = [str(python), "-m", "pytest"], {"cwd": ROOT, "env": env}
    with tempfile.TemporaryFile("w+") as log:
        pure = subprocess.Popen(
            [*nice, *pytest, *ignored], **options, stdout=log, stderr=subprocess.STDOUT, text=True
        )
        command = [*pytest, *BUILT_WORKERS, *NEEDS_BUILD]
        built = subprocess.run(command, **options, check=False).returncode
        status = pure.wait()
        log.seek(0)
        print("\nThe tests that need no build:", flush=True)
        print(log.read(), flush=True)
    return next((code for code in (built, status) if code), 0)


def check(pytest_args: list[str]) -> int:
    """The quick loop: ruff, then every test but the browser's and Pyodide's, on every core."""
    ensure_venv()
    workers = ["-n", str(os.cpu_count())] if (os.cpu_count() or 1) > 1 else []
    ignored = [f"--ignore={path}" for path in NEEDS_BUILD]
    env = {**os.environ, "AKROPOLIS_QUICK": "1"}
    return lint_and_test([*workers, *ignored, *pytest_args], env)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "command", nargs="?", default="build", choices=("build", "serve", "test", "check")
    )
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args, rest = parser.parse_known_args()
    if rest and args.command not in ("test", "check"):
        parser.error(f"unexpected arguments: {' '.join(rest)}")
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    elif args.command == "check":
        sys.exit(check(rest))
    else:
        sys.exit(test(rest))


if __name__ == "__main__":
    main()
