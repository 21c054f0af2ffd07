// Loading screen: real download progress while Pyodide starts (the time still to wait, from the
// bytes left and the rate so far), and a clear message on failure. It wraps fetch to count the
// bytes of the runtime files (sizes from runtime/sizes.json, written by build.py); PyScript then
// starts the page's Python (its browser/page.py), which hides this screen and sets
// <html data-akropolis="ready">. Any failure sets data-akropolis="error", says which file failed
// or arrived damaged (never a traceback), and shows the Try again buttons ([data-retry]).
import "./no_storage.mjs";  // first: before PyScript opens its store
import { watchFetch } from "./watch_fetch.mjs";
import { words } from "./words.mjs";

const root = document.documentElement;
const { t, percent, number } = words;
const step = document.getElementById("loading-step");
const bar = document.getElementById("loading-bar");
const errorBox = document.getElementById("loading-error");
// The first screen (start.js) shows the same progress and failure while it covers this one.
const startStatus = document.getElementById("start-status");

// Files that failed or arrived damaged: fetched again from the host (past the browser's cache)
// when the player tries again.
const failed = new Set();
const realFetch = window.fetch.bind(window);

function fail(text, file = null) {
  if (file) failed.add(new URL(file, window.location.href).href);
  if (root.dataset.akropolis === "ready" || root.dataset.akropolis === "error") return;  // keep the first cause
  root.dataset.akropolis = "error";
  for (const button of document.querySelectorAll("[data-retry]")) button.hidden = false;
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

// Python's own failure to start (web/browser/dom.py), told the same way.
window.akropolisFail = (text) => fail(text);

async function retry(event) {
  event.currentTarget.disabled = true;
  await Promise.all([...failed].map((url) => realFetch(url, { cache: "reload" })
    .then((response) => response.arrayBuffer()).catch(() => null)));
  window.location.reload();
}
for (const button of document.querySelectorAll("[data-retry]")) button.addEventListener("click", retry);

// Which file an error in starting means arrived damaged, by the error's own words (a zip
// Python cannot open, WebAssembly that does not compile, a script cut short).
const DAMAGED = [
  [/unpack_archive|BadZipFile|not a zip file/i, "python.zip"],
  [/CompileError|wasm streaming compile|WebAssembly\.instantiate/i, "runtime/pyodide/pyodide.asm.wasm"],
  [/zipimport|_pyodide_core|python3\d+\.zip/i, "runtime/pyodide/python_stdlib.zip"],
];

// An error while starting, told in words: the damaged file it means, else its last line (a
// Python traceback goes to the console, never to the page).
async function failWith(reason, scriptFile = "") {
  const text = String(reason || "");
  console.error("akropolis: the game could not start:", text);
  const script = /SyntaxError|Unexpected end/.test(text) && scriptFile.startsWith(site)
    ? scriptFile.slice(site.length) : null;
  const found = DAMAGED.find(([pattern]) => pattern.test(text));
  const file = script || (found && found[1]);
  if (file) {
    fail(t("The file {file} is damaged. Try again in a moment.", { file }), file);
    return;
  }
  // A module script or chunk the host failed: the browser names its URL.
  const module = /Failed to fetch dynamically imported module: (\S+)/.exec(text)
    || /error loading dynamically imported module: (\S+)/i.exec(text);
  if (module) {
    let url = module[1];
    // start_python.mjs imports Pyodide's module: the browser names the importer; a second try of
    // Pyodide's own tells which of the two failed.
    if (url.endsWith("start_python.mjs")) {
      const pyodide = new URL("runtime/pyodide/pyodide.mjs", site).href;
      await import(pyodide).catch(() => { url = pyodide; });
    }
    const file = url.startsWith(site) ? url.slice(site.length) : url;
    fail(t("A file failed to load: {file}. Check your connection, then try again.", { file }), url);
    return;
  }
  const lines = text.trim().split("\n");
  fail(t("Error: {reason}", { reason: text.includes("Traceback") ? lines[lines.length - 1] : text }));
}

const site = new URL(".", window.location.href).href;
// A file of the site by its name in the site ("python.zip"), another by its whole address.
const short = (url) => {
  const absolute = new URL(url, window.location.href).href;
  return absolute.startsWith(site) ? absolute.slice(site.length).split("?")[0] : absolute;
};

if (typeof WebAssembly !== "object") {
  fail(t("This browser does not support WebAssembly, which the game needs. Please use a current Firefox, Chrome, Edge or Safari."));
} else {
  root.dataset.akropolis = "loading";
  let expected = {};
  let total = 0;
  const received = new Map();
  let since = null;  // when the first counted byte came

  // The time still to wait, from the bytes left and the rate so far, rounded so that it does not
  // flicker: a sentence, or null while there is too little to go by.
  const timeLeft = (done, pct) => {
    const elapsed = since === null ? 0 : (performance.now() - since) / 1000;
    if (elapsed < 2 || done <= 0) return null;
    const seconds = (total - done) / (done / elapsed);
    if (seconds >= 90) {
      return t("Loading the game… {percent}, about {minutes} min left", { percent: percent(pct), minutes: number(Math.round(seconds / 60)) });
    }
    return t("Loading the game… {percent}, about {seconds} s left", { percent: percent(pct), seconds: number(Math.max(5, Math.ceil(seconds / 5) * 5)) });
  };

  const show = () => {
    if (root.dataset.akropolis !== "loading") return;
    let done = 0;
    // Every file's bytes are counted as they come (sizes.json may arrive after the runtime's
    // downloads began); those of the runtime's files make the progress.
    for (const [url, n] of received) if (Object.keys(expected).some((key) => url.endsWith(key))) done += n;
    const pct = total ? Math.min(99, Math.round((done / total) * 100)) : 0;
    bar.value = pct;
    const waiting = pct < 99 ? timeLeft(done, pct) : null;
    step.textContent = pct < 99 ? waiting || t("Downloading the game… {percent}", { percent: percent(pct) }) : t("Starting Python…");
    if (startStatus && !window.akropolisPending) {
      startStatus.ariaLive = "off";  // a screen reader is not told every percent
      startStatus.textContent = pct < 99 ? waiting || t("Loading the game… {percent}", { percent: percent(pct) }) : t("Almost ready…");
    }
  };

  // A first visit keeps, in memory, the bodies of the site's own files it downloads; once the
  // game is ready, offline.js hands them to the installing offline worker, which stores them
  // (checking each against the build's hashes) instead of downloading them again.
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

  watchFetch({
    optional,
    fail: (url, reason) => {
      const said = /^HTTP \d+$/.test(reason)
        ? t("A file failed to load: {file} (HTTP {status}). Reload the page to try again.", { file: short(url), status: reason.slice(5) })
        : t("A file failed to load: {file} ({reason}). Check your connection and reload.", { file: short(url), reason });
      fail(said, url);
    },
    seen: hold,
    counted: (name, bytes) => {
      if (bytes) since ??= performance.now();
      received.set(name, bytes ? received.get(name) + bytes : 0);
      show();
    },
  });

  // Python starts now, while PyScript starts itself (start_python.mjs hands it over).
  import("./start_python.mjs").then((python) => python.begin()).catch(() => {});

  realFetch("runtime/sizes.json")
    .then((r) => (r.ok ? r.json() : {}))
    .then((sizes) => { expected = sizes; total = Object.values(sizes).reduce((a, b) => a + b, 0); show(); })
    .catch(() => {});

  window.addEventListener("error", (event) => failWith(event.message, event.filename || ""));
  // PyScript failing to load (its core.js or a chunk of it cut short or refused) would leave the
  // page loading for ever: once every script has run, importing it again (a no-op when it
  // loaded) names the file that failed.
  window.addEventListener("load", () => {
    import(new URL("runtime/pyscript/core.js", site).href).catch((err) => failWith(err.message));
  });
  window.addEventListener("unhandledrejection", (event) => failWith(event.reason && event.reason.message || event.reason));
  // PyScript reports Python errors on the page; surface them on the loading screen too.
  window.addEventListener("py:error", (event) => failWith(event.detail || ""));
}
