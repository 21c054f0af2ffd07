"""Test web servers for dist/ that behave like the hosts the game meets.

``Site`` serves one or more deployments on one origin (``mounts``: a sub-path each, as GitHub
Pages serves every project site of one user at ``NAME.github.io/PROJECT/``); it can be stopped
(the network goes), switched to another build, made to hold a file back (to keep Python from
loading) until a test lets it go, and made to answer like a host with "pretty URLs"
(Cloudflare Pages, Netlify): ``/index.html`` redirects to ``/``, ``/calculator.html`` to
``/calculator``, which it serves; it may send extra headers with every answer.  Every request
it answers is recorded.
"""

from __future__ import annotations

import http.server
import shutil
import threading
import time
import zipfile
from pathlib import Path

from build import DIST
from tools.serving import Handler
from tools.site import write_service_worker


class Site:
    """Directories served on a free local port: ``root`` at ``prefix``, and any ``mounts``."""

    def __init__(
        self,
        root: Path | None = None,
        prefix: str = "",
        mounts: dict[str, Path] | None = None,
        pretty: bool = False,
        headers: dict[str, str] | None = None,
    ) -> None:
        self.mounts: dict[str, Path] = {}
        if root is not None:
            self.mounts[prefix.strip("/")] = root
        for name, path in (mounts or {}).items():
            self.mounts[name.strip("/")] = path
        self.prefix = prefix.strip("/")
        self.pretty = pretty
        self.headers = dict(headers or {})  # sent with every answer
        self.held: dict[str, threading.Event] = {}
        #: Files (by the end of their path) answered badly: "404", "500", "truncated" (the
        #: whole length announced, half the body sent, the connection closed), "slow" (the body
        #: trickles in over about two seconds).
        self.failing: dict[str, str] = {}
        self.sent: list[tuple[str, int]] = []  # (path, status) of every answered request
        site = self

        class SiteHandler(Handler):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(DIST), **kwargs)

            def translate_path(self, path: str) -> str:
                clean = path.split("?", 1)[0].split("#", 1)[0]
                for name in sorted(site.mounts, key=len, reverse=True):
                    head = f"/{name}/" if name else "/"
                    if clean.startswith(head) or clean == head.rstrip("/"):
                        self.directory = str(site.mounts[name])
                        return super().translate_path(clean.removeprefix(head.rstrip("/")) or "/")
                return str(DIST / "no-such-deployment" / clean.lstrip("/"))  # not mounted: 404

            def do_GET(self) -> None:
                for name, event in site.held.items():
                    if self.path.split("?")[0].endswith(name):
                        event.wait(120)
                for name, mode in site.failing.items():
                    if self.path.split("?")[0].endswith(name):
                        self._fail(mode)
                        return
                if site.pretty and self._pretty():
                    return
                super().do_GET()

            def _fail(self, mode: str) -> None:
                if mode in ("404", "500"):
                    self.send_error(int(mode))
                    return
                body = Path(self.translate_path(self.path)).read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(self.path.split("?")[0]))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if mode == "truncated":
                    self.wfile.write(body[: len(body) // 2])
                    self.wfile.flush()
                    self.close_connection = True
                    self.connection.shutdown(2)
                    return
                pieces = 8
                for i in range(pieces):
                    self.wfile.write(body[i * len(body) // pieces : (i + 1) * len(body) // pieces])
                    self.wfile.flush()
                    time.sleep(2 / pieces)

            def _pretty(self) -> bool:
                """Like Cloudflare Pages: ``x.html`` redirects to ``x``, which is served."""
                path, _, query = self.path.partition("?")
                query = f"?{query}" if query else ""
                if path.endswith(".html"):
                    bare = path.removesuffix(".html")
                    target = bare.removesuffix("index") if bare.endswith("/index") else bare
                    self.send_response(308)
                    self.send_header("Location", target + query)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return True
                local = Path(self.translate_path(path))
                page = local.with_name(local.name + ".html")
                if not path.endswith("/") and not local.exists() and page.is_file():
                    self.path = path + ".html" + query
                return False

            def end_headers(self) -> None:
                for name, value in site.headers.items():
                    self.send_header(name, value)
                super().end_headers()

            def log_request(self, code: object = "-", size: object = "-") -> None:
                site.sent.append((self.path, int(code) if str(code).isdigit() else 0))

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), SiteHandler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}/"
        self.url = self.url_of(self.prefix)

    @property
    def root(self) -> Path:
        return self.mounts[self.prefix]

    @root.setter
    def root(self, path: Path) -> None:
        self.mounts[self.prefix] = path

    def url_of(self, mount: str) -> str:
        mount = mount.strip("/")
        return f"{self.origin}{mount}/" if mount else self.origin

    def hold(self, name: str) -> threading.Event:
        """Requests for a file ending in ``name`` wait until the returned event is set."""
        event = threading.Event()
        self.held[name] = event
        return event

    def stop(self) -> None:
        for event in self.held.values():
            event.set()
        self.server.shutdown()
        self.server.server_close()


def copy_of_dist(target: Path, marker: str | None = None) -> Path:
    """A copy of the built site; with ``marker``, another build: its page is marked, its AI
    worker says ``marker`` as its Python version, its ``python.zip`` holds one more file, and
    its offline worker lists them."""
    shutil.copytree(DIST, target)
    if marker is not None:
        page = target / "index.html"
        page.write_text(page.read_text().replace("<body>", f"<body data-build-mark='{marker}'>", 1))
        worker = target / "ai_worker.py"
        worker.write_text(
            worker.read_text().replace('"python": sys.version.split()[0]', f'"python": "{marker}"')
        )
        with zipfile.ZipFile(target / "python.zip", "a") as bundle:
            bundle.writestr("deployment.txt", marker)
        write_service_worker(target)
    return target
