"""The page's side of the AI worker: starting it, asking it for a move, and its memory.

The worker (``ai_worker.py``) is a PyScript worker started with ``pyscript.create_named_worker``
from the page's own runtime and its Python (``python.zip``, ``game.zip`` and the AI's
``ai.zip``).  Under the offline worker its first request names the page's build
(``?build=``), so that it is served the files of the build the page opened with, even after
another tab has accepted a new version.  It is started once and reused; a start that
failed is tried again only when asked (``forget_failure``).
"""

from __future__ import annotations

import asyncio
import json

from pyscript import document, window

from browser.dom import perf_ms
from common.i18n import _, ngettext

#: The worker's script, and the runtime it starts (the page's own).
WORKER_SRC = "ai_worker.py"
WORKER_RUNTIME = "start_python.mjs"
#: A worker that has not started after this many seconds is given up.
BOOT_TIMEOUT = 120


class WorkerFailed(Exception):
    """The AI worker could not start, or failed to answer."""


def worker_config() -> dict:
    """The worker's configuration: the page's runtime (its URL naming the page's build when the
    offline worker serves the page) and Python packages."""
    runtime = WORKER_RUNTIME
    build = str(getattr(document.documentElement.dataset, "build", "") or "")
    container = getattr(window.navigator, "serviceWorker", None)
    if build and container is not None and getattr(container, "controller", None) is not None:
        runtime += f"?build={build}"
    return {
        "interpreter": runtime,
        "files": {"python.zip": "./*", "game.zip": "./*", "ai.zip": "./*"},
    }


def short(error: BaseException) -> str:
    """The last line of an error (a worker's Python traceback is long)."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    return (lines[-1] if lines else type(error).__name__)[:160]


class WorkerClient:
    """One AI worker for the page; ``stats["boot_ms"]`` says how long it took to start."""

    def __init__(self, stats: dict) -> None:
        self.stats = stats
        self._worker = None
        self._boot: asyncio.Future | None = None
        self._attempt = 0

    @property
    def started(self) -> bool:
        return self._worker is not None

    def start(self) -> None:
        """Start the worker in the background, unless it is started or starting."""
        if self._worker is None and self._boot is None:
            self._boot = asyncio.ensure_future(self._start())
            self._boot.add_done_callback(lambda future: future.exception())  # retrieved

    def forget_failure(self) -> None:
        """A start that failed is tried again at the next ``start``."""
        boot = self._boot
        if boot is not None and boot.done() and boot.exception() is not None:
            self._boot = None

    def forget(self) -> None:
        """Start afresh next time (after a failure the player chose to retry)."""
        self._worker = None
        self._boot = None

    async def ready(self):
        self.start()
        return await asyncio.shield(self._boot)

    async def choose(self, record_text: str, level: str, seed: int, delay_ms: float):
        """The worker's reply (JSON text) for the game in ``record_text``; WorkerFailed if not."""
        worker = await self.ready()
        try:
            return await worker.choose(record_text, level, seed, delay_ms)
        except Exception as error:
            failed = _("the computer failed to choose a move ({detail})", detail=short(error))
            raise WorkerFailed(failed) from None

    async def memory(self) -> str:
        """The worker's memory as JSON text (starts the worker if needed)."""
        worker = await self.ready()
        return str(await worker.memory())

    async def _script_is_there(self) -> None:
        """The worker's script answers (a worker whose script is missing would only time out,
        two minutes later): WorkerFailed at once with the reason if not."""
        try:
            response = await window.fetch(WORKER_SRC)
        except Exception as error:
            failed = _(
                "its file {file} could not be loaded ({detail})",
                file=WORKER_SRC,
                detail=short(error),
            )
            raise WorkerFailed(failed) from None
        if not response.ok:
            failed = _(
                "its file {file} could not be loaded (HTTP {status})",
                file=WORKER_SRC,
                status=response.status,
            )
            raise WorkerFailed(failed)

    async def _start(self):
        from pyscript import create_named_worker

        self._attempt += 1
        name = f"akropolis-ai-{self._attempt}"
        started = perf_ms()

        async def boot():
            return await create_named_worker(src=WORKER_SRC, name=name, config=worker_config())

        await self._script_is_there()
        try:
            worker = await asyncio.wait_for(boot(), BOOT_TIMEOUT)
            hello = json.loads(str(await worker.hello()))
        except TimeoutError:
            late = ngettext(
                "it did not start within {count} second",
                "it did not start within {count} seconds",
                BOOT_TIMEOUT,
            )
            raise WorkerFailed(late) from None
        except Exception as error:
            failed = _("it failed to start ({detail})", detail=short(error))
            raise WorkerFailed(failed) from None
        self.stats["boot_ms"] = round(perf_ms() - started)
        window.console.info(f"akropolis: AI worker ready (Python {hello.get('python')})")
        self._worker = worker
        return worker
