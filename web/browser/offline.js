// Offline and updates: registers the service worker once the page is ready, offers a new
// version when one is waiting, and says plainly when offline play is not available, and why.
// It never reloads by itself: only the player's "Reload" does, and the game then resumes from
// its save. A tab whose game was updated from another tab is told, and keeps running its own
// version (the worker still serves it that version's files) until the player reloads it.
import { words } from "./words.mjs";

const banner = document.getElementById("update-banner");
const text = document.getElementById("update-text");
const reload = document.getElementById("btn-update");
const later = document.getElementById("btn-update-later");
const build = document.documentElement.dataset.build || "";
// The reason last dismissed ("not now"): the same reason is not told again on the next visits.
const DISMISSED = "akropolis.offline.dismissed";

const { t } = words;
const MB = (bytes) => Math.max(1, Math.round(bytes / 1e6));
// Every sentence a player may read here, whole.
const SAY = {
  ready: () => t("A new version of the game is ready."),
  elsewhere: () =>
    t("A new version of the game was installed from another tab. This tab keeps its version until you reload it."),
  quota: (d) =>
    t("Offline play is not available: this browser does not let the site store the {size} MB the game needs. The game plays on while you are online.", { size: MB(d.needed) }),
  mismatch: (d) =>
    t("Offline play is not available yet: the site's copy of {file} does not match this version of the game (the site may be partly updated). It is tried again on your next visit.", { file: d.file }),
  status: (d) =>
    t("Offline play is not available yet: the site did not give {file}. It is tried again on your next visit.", { file: d.file }),
  network: (d) =>
    t("Offline play is not available yet: {file} could not be downloaded. It is tried again on your next visit.", { file: d.file }),
  error: () =>
    t("Offline play is not available: the browser could not install the offline copy. It is tried again on your next visit."),
  insecure: () =>
    t("Offline play is not available: the page is not served over HTTPS, which offline play needs."),
};

let registration = null;
let accepted = false;
let told = false; // a reason was told for this install: no second, vaguer one

function remembered() {
  try { return window.localStorage.getItem(DISMISSED); } catch { return null; }
}

function show(kind, details = {}, actions = true) {
  text.textContent = SAY[kind](details);
  banner.dataset.kind = kind;
  reload.hidden = !actions;
  later.textContent = actions ? t("Later") : t("OK");
  later.onclick = () => {
    banner.hidden = true;
    if (!actions) {
      try { window.localStorage.setItem(DISMISSED, kind); } catch { /* not remembered: fine */ }
    }
  };
  banner.hidden = false;
}

// Offline play is not available: said once per reason (until another reason comes).
function unavailable(details) {
  const kind = details.why in SAY ? details.why : "error";
  told = true;
  if (remembered() === kind) return;
  show(kind, details, false);
}

function offer(worker) {
  if (!worker) return;
  if (!navigator.serviceWorker.controller) {
    installed(); // a first install is no update: offline play has just become possible
    // Python's snapshot is among its files: unpacked now, the next start restores it at once.
    import("./start_python.mjs").then((python) => python.keepUnpackedSnapshot()).catch(() => {});
    return;
  }
  show("ready");
}

// The offline copy is in place: said once (on this site, ever), quietly, in a note that goes by
// itself; a screen reader hears it as a status, not an alert.
const READY = "akropolis.offline.ready";
function installed() {
  try {
    if (window.localStorage.getItem(READY)) return;
    window.localStorage.setItem(READY, "1");
  } catch { return; } // nowhere to remember it: better never said than said at every visit
  const note = document.createElement("p");
  note.id = "offline-ready";
  note.setAttribute("role", "status");
  note.textContent = t("Offline play is ready: this game now plays without a network.");
  document.body.appendChild(note);
  setTimeout(() => note.remove(), 7000);
}

// Reload: the waiting version takes over (every tab then runs it after its own reload); if it
// already has (accepted in another tab), this tab simply reloads into it.
reload.onclick = () => {
  const waiting = registration && registration.waiting;
  reload.disabled = true;
  if (waiting) {
    accepted = true;
    waiting.postMessage("skipWaiting");
  } else {
    window.location.reload();
  }
};

// A first visit's downloads, to the worker installing the offline copy: it takes them (each
// checked against its hash) instead of downloading them again. Transferred, not copied.
async function handOver(worker) {
  if (!window.akropolisHeld) return;
  const held = window.akropolisHeld();
  if (!worker) return;
  const files = {};
  for (const [url, body] of held) {
    const bytes = await body;
    if (bytes) files[url] = bytes;
  }
  worker.postMessage({ akropolisFiles: files }, Object.values(files));
}

function hello(worker) {
  if (worker && build) worker.postMessage({ hello: build });
}

function watch(found) {
  registration = found;
  if (registration.waiting) offer(registration.waiting);
  const follow = (worker) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
      // Gone before it was installed, with no reason told (the worker tells its reason just
      // before it goes; a moment later, none came): a failure the worker could not say.
      if (worker.state === "redundant" && !navigator.serviceWorker.controller) {
        setTimeout(() => { if (!told) unavailable({ why: "error" }); }, 2000);
      }
    });
  };
  follow(registration.installing);
  // Only a worker installing now can use them; otherwise they are simply let go.
  handOver(registration.installing).catch(() => {});
  registration.addEventListener("updatefound", () => follow(registration.installing));
  // Look for a new deployment when the player comes back to the tab, and now and then.
  const check = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, 60 * 60 * 1000);
}

export function registerWorker() {
  if (!("serviceWorker" in navigator)) return;
  if (!window.isSecureContext) {
    unavailable({ why: "insecure" });
    return;
  }
  const container = navigator.serviceWorker;
  let controlled = Boolean(container.controller);
  container.addEventListener("message", (event) => {
    const data = event.data && event.data.akropolisOffline;
    if (data && data.state === "unavailable") unavailable(data);
  });
  container.startMessages();
  container.addEventListener("controllerchange", () => {
    if (accepted) {
      window.location.reload();
    } else if (controlled) {
      show("elsewhere"); // another tab accepted the new version
    }
    controlled = true;
    hello(container.controller);
  });
  hello(container.controller);
  container
    .register("sw.js")
    .then(watch)
    .catch((error) => console.warn("akropolis: offline play is not available:", error.message));
}

// At once, before the page asks for its runtime: a page that came from the network is then
// served its own build's files by the worker (when it keeps that build).
if ("serviceWorker" in navigator) hello(navigator.serviceWorker.controller);

window.akropolisOffline = { registerWorker };
