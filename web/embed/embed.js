// The embed before Python: the theme and a placeholder at once, the cheap refusals, Python
// booted only once the embed is near the viewport (or clicked), and the frame's preferred
// height told to the host page. Python is Pyodide started here, without PyScript: PyScript's
// start needs 'unsafe-eval', which this page's Content-Security-Policy does not allow, and it
// keeps a cache in IndexedDB, which a frame on another site may be refused; Pyodide needs
// neither (embed/browser/page.py takes document and window from js). The link is only compared with constants here; nothing from it
// is ever written into the page (the embed's Python reads it properly, with the engine).
//
// <html data-akropolis>: "idle" (waiting to be seen), "loading", then "ready" or "error".
const root = document.documentElement;
import { words } from "./words.mjs";

const { t, number } = words;
const $ = (id) => document.getElementById(id);
//: akropolis.checks.MAX_NOTATION_LENGTH: a longer fragment is refused before any parsing.
const MAX_NOTATION_LENGTH = 10000;
//: While one embed boots, the others on the page wait this long at most before they start too.
const BOOT_TURN_MS = 20000;

const query = new URLSearchParams(window.location.search.slice(0, 1000));
if (query.get("theme") === "dark") root.dataset.theme = "dark";
if (query.get("breakdown") === "0") root.dataset.breakdown = "0";

// A failure, said on the error card; one that loading again may mend (a file the network or
// the host failed) offers Try again, which loads the frame again.
function fail(text, { retry = false } = {}) {
  if (root.dataset.akropolis === "ready" || root.dataset.akropolis === "error") return;
  root.dataset.akropolis = "error";
  $("error-text").textContent = text;
  $("retry").hidden = !retry;
  $("error").hidden = false;
  $("body").hidden = true;
  report();
}

// Loading failed (a file the network or the host failed): loading again may mend it.
const unavailable = () => fail(t("The city could not be loaded. Check your connection, then try again."), { retry: true });

// --- Height: the frame's preferred height, a number and nothing else ---------------------------

let reported = 0;

function preferredHeight() {
  const card = $("embed");
  const body = $("body");
  const around = card.scrollHeight - body.offsetHeight;  // the header (or the error card)
  if (body.hidden) return Math.ceil(around);
  // The lines under the city (why, try it, the replay); a hidden one measures 0.
  const lines = ["why", "tryit", "replay"].reduce((sum, id) => sum + $(id).offsetHeight, 0);
  const ideal = Math.round(Math.min(Math.max(card.clientWidth * 0.62, 240), 520));
  const side = $("side");
  const content = side.hidden ? 0 : $("side-content").offsetHeight + 16;
  const beside = !side.hidden && side.offsetTop < $("stage").offsetTop + 20;
  return Math.ceil(around + lines + (beside ? Math.max(ideal, content) : ideal + content));
}

function report() {
  if (window.parent === window) return;
  const height = preferredHeight();
  if (Math.abs(height - reported) < 2) return;
  reported = height;
  window.parent.postMessage({ akropolisHeight: height }, "*");
}

const resized = new ResizeObserver(() => report());
for (const id of ["embed", "bar", "side-content", "why", "tryit", "replay", "error"]) {
  resized.observe($(id));
}

// --- Booting Python, once, when the embed is about to be seen --------------------------------

let started = false;
// How long after the city is shown the embed starts keeping Python's snapshot, in milliseconds.
const KEEP_AFTER_MS = 5000;

async function startPython() {
  if (started) return;
  started = true;
  performance.mark("akropolis-boot");
  const fetched = (name, read) => fetch(name).then((response) => {
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    return read(response);
  });
  // A file the host refuses or cuts short stops the start at once, not after a long wait.
  try {
    const { watchFetch } = await import("./watch_fetch.mjs");
    watchFetch({
      optional: (url) => url.includes("snapshot.gz"),
      fail: (url, reason) => {
        console.error(`akropolis: ${url} could not be loaded (${reason})`);
        unavailable();
      },
    });
  } catch (error) {
    console.warn("akropolis: the embed starts without watching its files:", error);
  }
  try {
    const { loadPyodide, keepSnapshot } = await import("./start_python.mjs");
    const [pyodide, ...bundles] = await Promise.all([
      loadPyodide(),
      fetched("python.zip", (response) => response.arrayBuffer()),
      fetched("embed.zip", (response) => response.arrayBuffer()),
    ]);
    for (const bundle of bundles) pyodide.unpackArchive(bundle, "zip");  // into Python's working directory
    pyodide.runPython(
      "from browser.language import start_language\nfrom embed.browser.page import main\nstart_language()\nmain()",
    );
    // The next start restores Python from its snapshot: fetched once the reader has the city and
    // the network is quiet (a reader who asked to save data is spared it).
    if (!(navigator.connection && navigator.connection.saveData)) setTimeout(keepSnapshot, KEEP_AFTER_MS);
  } catch (error) {
    console.error("akropolis:", error);
    unavailable();
  }
}

// Embeds of one page boot one after another: the first one in view is ready as soon as if it
// were alone, instead of all of them sharing the processor and memory at once. They take turns
// with a Web Lock shared by the page's embeds of this site; where a frame has no locks (one on
// another site whose storage is blocked), by asking each other through the host page's frames.
function boot() {
  if (root.dataset.akropolis !== "idle") return;
  root.dataset.akropolis = "loading";
  $("show").hidden = true;
  $("status").textContent = t("Loading the city…");
  const turn = () => new Promise((settled) => {
    const done = () => { watcher.disconnect(); clearTimeout(timer); settled(); };
    const watcher = new MutationObserver(() => {
      if (root.dataset.akropolis !== "loading") done();
    });
    watcher.observe(root, { attributes: true, attributeFilter: ["data-akropolis"] });
    const timer = setTimeout(done, BOOT_TURN_MS);
    startPython();
  });
  try {
    navigator.locks.request("akropolis-embed-boot", turn).catch(() => turnWithoutLocks(turn));
  } catch {
    turnWithoutLocks(turn);
  }
}

// --- Turns without Web Locks: the embeds of a page ask each other -----------------------------

//: How long an embed waits for another one to say it is booting, in milliseconds.
const PEERS_WAIT_MS = 150;
let booting = false;
//: Waiting for its turn, and its frame number (it goes before the frames after it).
let queued = false;
let myIndex = -1;

function siblings() {
  const frames = [];
  try {
    for (let i = 0; i < window.parent.length; i++) frames.push(window.parent.frames[i]);
  } catch {
    // a host that hides its frames: no turns to take
  }
  return frames;
}

function tellSiblings(message) {
  for (const frame of siblings()) {
    if (frame !== window) frame.postMessage(message, window.location.origin);
  }
}

// Only this site's embeds are listened to, and only a word and a frame number are read.
function peerWord(event) {
  if (event.origin !== window.location.origin || event.source === window) return null;
  const data = event.data;
  if (!data || typeof data.akropolisBoot !== "string") return null;
  return { word: data.akropolisBoot, index: Number.isInteger(data.index) ? data.index : -1 };
}

// An embed booting answers "busy" to any that asks, and so does one waiting for its turn to
// a later frame (which may have asked too late to hear it ask: a frame still loading).
window.addEventListener("message", (event) => {
  const peer = peerWord(event);
  if (!peer || peer.word !== "ask") return;
  if (booting || (queued && myIndex < peer.index)) {
    event.source.postMessage({ akropolisBoot: "busy" }, window.location.origin);
  }
});

// Ask the others; boot if none is booting and no earlier frame asked at the same time; else
// ask again when one says it is done (at most BOOT_TURN_MS of waiting, as with the lock).
function turnWithoutLocks(turn) {
  if (window.parent === window) {
    turn();
    return;
  }
  const me = siblings().indexOf(window);
  myIndex = me;
  queued = true;
  let waiting = true;
  let blocked = false;
  const go = () => {
    if (!waiting) return;
    waiting = false;
    queued = false;
    window.removeEventListener("message", listen);
    clearTimeout(limit);
    booting = true;
    turn().then(() => {
      booting = false;
      tellSiblings({ akropolisBoot: "done" });
    });
  };
  const ask = () => {
    blocked = false;
    tellSiblings({ akropolisBoot: "ask", index: me });
    setTimeout(() => { if (!blocked) go(); }, PEERS_WAIT_MS);
  };
  const listen = (event) => {
    const peer = peerWord(event);
    if (!peer) return;
    if (peer.word === "busy" || (peer.word === "ask" && peer.index < me)) blocked = true;
    else if (peer.word === "done" && blocked) ask();
  };
  const limit = setTimeout(go, BOOT_TURN_MS);
  window.addEventListener("message", listen);
  ask();
}

const fragment = window.location.hash.slice(1);
if (fragment.length > MAX_NOTATION_LENGTH) {
  fail(t("This link is too long to hold a city or a game ({length} characters; at most {limit}).", {
    length: number(fragment.length), limit: number(MAX_NOTATION_LENGTH),
  }));
} else if (!fragment.trim()) {
  fail(t("This link shows nothing: a city (C1;…) or a game (A1;…) goes after #."));
} else {
  window.addEventListener("error", () => {
    if (root.dataset.akropolis === "loading") unavailable();
  });
  window.addEventListener("unhandledrejection", () => {
    if (root.dataset.akropolis === "loading") unavailable();
  });
  $("retry").addEventListener("click", () => window.location.reload());
  $("placeholder").addEventListener("click", boot);
  if ("IntersectionObserver" in window) {
    // Inside a frame the root is the top page's viewport: it fires when the reader gets near.
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        seen.disconnect();
        boot();
      }
    }, { rootMargin: "300px 0px" });
    seen.observe($("embed"));
  } else {
    $("show").hidden = false;
  }
}
report();
