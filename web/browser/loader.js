// Loading screen: real download progress while Pyodide starts, and a clear message on failure.
// It wraps fetch to count the bytes of the runtime files (sizes from runtime/sizes.json, written
// by build.py); PyScript then starts the page's Python (its browser/page.py), which hides this
// screen and sets <html data-akropolis="ready">. Any failure sets data-akropolis="error" and says what failed.
import "./no_storage.mjs";  // first: before PyScript opens its store
import { words } from "./words.mjs";

const root = document.documentElement;
const { t, percent } = words;
const step = document.getElementById("loading-step");
const bar = document.getElementById("loading-bar");
const errorBox = document.getElementById("loading-error");
// The first screen (start.js) shows the same progress and failure while it covers this one.
const startStatus = document.getElementById("start-status");

function fail(text) {
  if (root.dataset.akropolis === "ready" || root.dataset.akropolis === "error") return;  // keep the first cause
  root.dataset.akropolis = "error";
  step.textContent = t("The game could not start.");
  errorBox.textContent = text;
  errorBox.hidden = false;
  if (startStatus) {
    startStatus.ariaLive = "polite";  // the failure is said; the percentages were not
    startStatus.textContent = t("The game could not start. {reason}", { reason: text });
    startStatus.className = "error";
    // Nothing can start now: every way of starting a game is disabled (start.js's buttons).
    for (const button of document.querySelectorAll("#new-dialog [data-quick], #btn-start, #btn-resume")) button.disabled = true;
    if (window.akropolisNewGame) window.akropolisNewGame.setBusy(true);
  }
}

if (typeof WebAssembly !== "object") {
  fail(t("This browser does not support WebAssembly, which the game needs. Please use a current Firefox, Chrome, Edge or Safari."));
} else {
  root.dataset.akropolis = "loading";
  let expected = {};
  let total = 0;
  const received = new Map();
  const realFetch = window.fetch.bind(window);

  const show = () => {
    if (root.dataset.akropolis !== "loading") return;
    let done = 0;
    for (const n of received.values()) done += n;
    const pct = total ? Math.min(99, Math.round((done / total) * 100)) : 0;
    bar.value = pct;
    step.textContent = pct < 99 ? t("Downloading the game… {percent}", { percent: percent(pct) }) : t("Starting Python…");
    if (startStatus && !window.akropolisPending) {
      startStatus.ariaLive = "off";  // a screen reader is not told every percent
      startStatus.textContent = pct < 99 ? t("Loading the game… {percent}", { percent: percent(pct) }) : t("Almost ready…");
    }
  };

  // A first visit keeps, in memory, the bodies of the site's own files it downloads; once the
  // game is ready, offline.js hands them to the installing offline worker, which stores them
  // (checking each against the build's hashes) instead of downloading them again.
  const site = new URL(".", window.location.href).href;
  const held = new Map(); // absolute URL → a promise of its bytes (null if they cannot be had)
  const holding = "serviceWorker" in navigator && window.isSecureContext
    && !navigator.serviceWorker.controller;
  const hold = (url, response) => {
    const absolute = new URL(url, window.location.href).href;
    if (!holding || !absolute.startsWith(site) || response.status !== 200 || response.redirected) return;
    held.set(absolute.split("#")[0], response.clone().arrayBuffer().catch(() => null));
  };
  // Taken once: the caller owns the bytes (it transfers them to the worker).
  window.akropolisHeld = () => {
    const taken = new Map(held);
    held.clear();
    return taken;
  };

  // Files the game starts without: Python's snapshot (start_python.mjs then starts Python
  // afresh), the manifests, the icons and the computer's worker (its failure is told when a
  // computer is to play: game/browser/worker_client.py). Their failure is said on the console, never on the
  // page; only a file the game cannot run without stops it.
  const OPTIONAL = ["runtime/pyodide/snapshot.gz", ".webmanifest", "/icons/", "ai_worker.py"];
  const optional = (url) => OPTIONAL.some((part) => url.includes(part));

  window.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      response = await realFetch(input, init);
    } catch (err) {
      if (optional(url)) {
        console.warn(`akropolis: ${url} could not be loaded (${err.message}); the game goes on without it`);
      } else {
        fail(t("A file failed to load: {file} ({reason}). Check your connection and reload.", { file: url, reason: err.message }));
      }
      throw err;
    }
    if (!response.ok) {
      if (optional(url)) {
        console.warn(`akropolis: ${url} answered HTTP ${response.status}; the game goes on without it`);
      } else {
        fail(t("A file failed to load: {file} (HTTP {status}). Reload the page to try again.", { file: url, status: response.status }));
      }
      return response;
    }
    hold(url, response);
    const name = Object.keys(expected).find((key) => url.endsWith(key));
    if (!name || !response.body) return response;
    // Count the bytes on a copy: the page keeps the real response, so streaming WebAssembly
    // compilation and the browser's compiled-code cache still apply.
    const reader = response.clone().body.getReader();
    received.set(name, 0);
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        received.set(name, received.get(name) + value.byteLength);
        show();
      }
    })().catch(() => {});
    return response;
  };

  realFetch("runtime/sizes.json")
    .then((r) => (r.ok ? r.json() : {}))
    .then((sizes) => { expected = sizes; total = Object.values(sizes).reduce((a, b) => a + b, 0); show(); })
    .catch(() => {});

  window.addEventListener("error", (event) => fail(t("Error: {reason}", { reason: event.message })));
  window.addEventListener("unhandledrejection", (event) => fail(t("Error: {reason}", { reason: event.reason && event.reason.message || event.reason })));
  // PyScript reports Python errors on the page; surface them on the loading screen too.
  window.addEventListener("py:error", (event) => fail(t("Python error: {reason}", { reason: event.detail || "" })));
}
