#!/usr/bin/env python3
"""Build, serve and test the Akropolis static site.

    python build.py          build dist/: pages, engine, glue and the pinned runtime files
    python build.py serve    build, then serve dist/ on http://localhost:8000 (--port N)
    python build.py test     install what the tests need, build, run ruff and every test
                             (extra arguments go to pytest)

Standard library only, so it runs on a fresh machine before anything is installed.  Pyodide
and PyScript come from the npm registry at the versions pinned in package-lock.json; the page
loads nothing from any other origin.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import venv
import zipfile
from pathlib import Path

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
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: Debian's Chromium, and the flags it needs headless here (as root, no network, no GPU).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
)
#: Runtime files whose download the loading screen reports as progress.
PROGRESS_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide.asm.mjs")


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


def python_files(package: Path) -> list[Path]:
    """A package's source and data files, without caches."""
    return sorted(
        path
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".json")
    )


def build() -> None:
    """Make dist/ from scratch."""
    ensure_node_modules()
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    # The Python packages travel as one zip that PyScript unpacks into Python's working
    # directory (app.html's inline config maps it to "./*"): one request, not one per module.
    with zipfile.ZipFile(DIST / "python.zip", "w", zipfile.ZIP_DEFLATED) as bundle:
        for package in (ENGINE, WEB / "akropolis_web", WEB / "akropolis_page"):
            for path in python_files(package):
                bundle.write(path, (Path(package.name) / path.relative_to(package)).as_posix())
    for path in WEB.iterdir():
        if path.is_file():
            copy(path, DIST / path.name)
    if (DIST / "app.html").exists():
        (DIST / "app.html").rename(DIST / "index.html")
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        copy(pyodide / name, DIST / "runtime" / "pyodide" / name)
    for path in (NODE_MODULES / "@pyscript" / "core" / "dist").iterdir():
        if path.suffix in (".js", ".css") and path.name != "service-worker.js":
            copy(path, DIST / "runtime" / "pyscript" / path.name)
    sizes = {name: (DIST / "runtime" / "pyodide" / name).stat().st_size for name in PROGRESS_FILES}
    (DIST / "runtime" / "sizes.json").write_text(json.dumps(sizes))
    (DIST / ".nojekyll").write_text("")
    count = sum(1 for p in DIST.rglob("*") if p.is_file())
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    print(f"built {DIST.relative_to(ROOT)}/: {count} files, {size / 1e6:.1f} MB")


def copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types the runtime needs."""

    extensions_map = {  # noqa: RUF012 - the stdlib's own class attribute
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".py": "text/plain",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def static_server(port: int = 0, host: str = "") -> http.server.ThreadingHTTPServer:
    """A server for dist/ (port 0: any free port); tests and benchmarks use it too."""
    handler = functools.partial(Handler, directory=str(DIST))
    return http.server.ThreadingHTTPServer((host, port), handler)


def serve_in_background() -> tuple[str, http.server.ThreadingHTTPServer]:
    """dist/ served on a free local port from a daemon thread: its base URL and the server."""
    server = static_server(0, "127.0.0.1")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


def serve(port: int) -> None:
    build()
    server = static_server(port)
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


def ensure_browser() -> None:
    """Debian's Chromium for the browser tests (Playwright cannot download its own here)."""
    if Path(CHROMIUM).exists():
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    run(*sudo, "apt-get", "update", "-q", env=env)
    run(*sudo, "apt-get", "install", "-y", "-q", "chromium", env=env)


def test(pytest_args: list[str]) -> int:
    ensure_venv()
    build()
    if (ROOT / "tests" / "browser").exists():
        ensure_browser()
    python = venv_python()
    lint = subprocess.run([str(python), "-m", "ruff", "check", "."], cwd=ROOT, check=False)
    if lint.returncode:
        print("ruff found problems (above)", flush=True)
        return lint.returncode
    status = subprocess.run(
        [str(python), "-m", "pytest", *pytest_args], cwd=ROOT, check=False
    ).returncode
    return 1 if status == 5 else status  # 5: no tests collected, which is a failure here


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("command", nargs="?", default="build", choices=("build", "serve", "test"))
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args, rest = parser.parse_known_args()
    if rest and args.command != "test":
        parser.error(f"unexpected arguments: {' '.join(rest)}")
    if args.command == "build":
        build()
    elif args.command == "serve":
        serve(args.port)
    else:
        sys.exit(test(rest))


if __name__ == "__main__":
    main()
