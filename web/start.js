// The first screen: the New game form (and "Resume your game" when a save exists) works in
// plain JavaScript while Python is still loading. A choice made before Python is ready waits
// in window.akropolisPending; the game starts the moment Python is, with the choices made.
// Once ready, main.py sets window.akropolisBegin and every choice goes straight to it.
// A page opened with a link (#A1;… or #play/…), or a tab that was showing a game played by
// link, does not show this screen: Python decides what to open, never resuming over the link.
const SLOT = "akropolis.autosave.v1";
const ACTIVE_LINK = "akropolis.link.active";
const dialog = document.getElementById("new-dialog");
const status = document.getElementById("start-status");
const startButton = document.getElementById("btn-start");
const resumeButton = document.getElementById("btn-resume");

const rows = () => [...document.querySelectorAll("#seats label")];
const shown = () => rows().filter((row) => !row.hidden);

function seats(change) {
  const all = rows();
  const count = Math.min(Math.max(shown().length + change, 2), all.length);
  all.forEach((row, index) => { row.hidden = index >= count; });
  document.getElementById("btn-add-seat").disabled = count >= all.length;
  document.getElementById("btn-remove-seat").disabled = count <= 2;
}

function values() {
  return {
    names: shown().map((row) => row.querySelector("input").value),
    variants: [...document.querySelectorAll("#variant-box input:checked")].map((box) => box.value),
    all_tiles: document.getElementById("all-tiles").checked,
    seed: document.getElementById("seed").value,
    by_link: document.getElementById("by-link").checked,
  };
}

function begin(choice) {
  document.getElementById("new-error").hidden = true;
  const text = JSON.stringify(choice);
  if (window.akropolisBegin) {
    window.akropolisBegin(text);
    return;
  }
  window.akropolisPending = text;
  startButton.disabled = resumeButton.disabled = true;
  status.textContent = choice.action === "resume"
    ? "Your game opens as soon as it has loaded…"
    : "The game starts as soon as it has loaded…";
}

// What the save holds, said in a few words (Python reads it properly once it has loaded).
function describeSave() {
  let text = null;
  try { text = window.localStorage.getItem(SLOT); } catch { return; }
  if (!text) return;
  document.getElementById("resume-box").hidden = false;
  try {
    if (text.length > 1e6) return;
    const record = JSON.parse(text);
    const names = record.players.map((player) => String(player.name)).join(" vs ");
    document.getElementById("resume-summary").textContent =
      `${names}: ${record.moves.length} move${record.moves.length === 1 ? "" : "s"} played`;
  } catch { /* an unreadable save: Python keeps it aside and says so */ }
}

document.getElementById("btn-add-seat").addEventListener("click", () => seats(+1));
document.getElementById("btn-remove-seat").addEventListener("click", () => seats(-1));
// No form submission at all (a submission racing Python's start-up can navigate the page):
// Start is a plain button, and Enter in a field means Start.
startButton.addEventListener("click", () => begin({ action: "new", values: values() }));
const form = document.getElementById("new-form");
form.addEventListener("submit", (event) => event.preventDefault());
form.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && event.target.tagName === "INPUT" && event.target.type !== "checkbox") {
    event.preventDefault();
    begin({ action: "new", values: values() });
  }
});
resumeButton.addEventListener("click", () => begin({ action: "resume" }));
document.getElementById("btn-start-rules").addEventListener("click", () => {
  document.getElementById("rules-dialog").showModal();
});
document.getElementById("btn-cancel-new").addEventListener("click", () => dialog.close());
dialog.addEventListener("input", () => { window.akropolisTouched = true; });
dialog.addEventListener("cancel", (event) => {  // Escape closes it only once there is a game
  if (document.getElementById("btn-cancel-new").hidden) event.preventDefault();
});

function linkWaiting() {
  if (window.location.hash.length > 1) return true;
  try { return Boolean(window.sessionStorage.getItem(ACTIVE_LINK)); } catch { return false; }
}

seats(0);
describeSave();
if (linkWaiting()) {
  document.getElementById("loading-link").hidden = false;
} else if (document.documentElement.dataset.akropolis !== "error") {
  dialog.showModal();
}
document.documentElement.dataset.firstScreen = "usable";
performance.mark("akropolis-first-screen");
