// Offline and updates: registers the service worker once the game is ready, and offers a new
// version when one is waiting. It never reloads by itself: only the player's "Reload" does,
// and the game then resumes from its save.
const banner = document.getElementById("update-banner");
let accepted = false;

function offer(worker) {
  if (!worker || !navigator.serviceWorker.controller) return; // a first install is no update
  banner.hidden = false;
  const reload = document.getElementById("btn-update");
  reload.onclick = () => {
    accepted = true;
    reload.disabled = true;
    worker.postMessage("skipWaiting");
  };
  // "Later": the new version waits, and is offered again on the next visit.
  document.getElementById("btn-update-later").onclick = () => { banner.hidden = true; };
}

function watch(registration) {
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      if (worker.state === "installed") offer(worker);
    });
  });
  // Look for a new deployment when the player comes back to the tab, and now and then.
  const check = () => registration.update().catch(() => {});
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") check();
  });
  setInterval(check, 60 * 60 * 1000);
}

export function registerWorker() {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (accepted) window.location.reload();
  });
  const staged = window.akropolisStaged ? window.akropolisStaged() : Promise.resolve();
  staged
    .then(() => navigator.serviceWorker.register("sw.js"))
    .then(watch)
    .catch((error) => console.warn("akropolis: offline play is not available:", error.message));
}

window.akropolisOffline = { registerWorker };
