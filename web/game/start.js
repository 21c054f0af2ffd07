// The first screen: the New game form (and "Resume your game" when a save exists) works in
// plain JavaScript while Python is still loading. A choice made before Python is ready waits
// in window.akropolisPending; the game starts the moment Python is, with the choices made.
// Once ready, the game's Python (game/browser/page.py) sets window.akropolisBegin and every choice goes straight to it.
// A page opened with a link (#A1;… or #play/…), or a tab that was showing a game played by
// link, does not show this screen: Python decides what to open, never resuming over the link.
const { t, tn } = window.akropolisI18n;
const SLOT = "akropolis.autosave.v1";
const ACTIVE_LINK = "akropolis.link.active";
const RESUME = "akropolis.language.resume";  // i18n.js sets it when the language is switched
const HINT_LEVEL = "akropolis.hint.level";  // the level Hint asks (game/browser/opponents.py reads the menu)
const dialog = document.getElementById("new-dialog");
const status = document.getElementById("start-status");
const startButton = document.getElementById("btn-start");
const resumeButton = document.getElementById("btn-resume");

const quickButton = document.getElementById("btn-start-ai");
const solo = document.getElementById("solo");
const byLink = document.getElementById("by-link");

const rows = () => [...document.querySelectorAll("#seats label")];
const shown = () => rows().filter((row) => !row.hidden);
let seatCount = Math.max(shown().length, 2);

// Seats shown, and what may be combined: a solo game is seat 1 against the Architect; play by
// link is for people only, so choosing a computer disables it and ticking it disables them.
function sync() {
  const all = rows();
  const alone = Boolean(solo.value);
  const count = alone ? 1 : seatCount;
  all.forEach((row, index) => { row.hidden = index >= count; });
  document.getElementById("btn-add-seat").disabled = alone || count >= all.length;
  document.getElementById("btn-remove-seat").disabled = alone || count <= 2;
  const linked = byLink.checked;
  all.forEach((row) => { row.querySelector("select").disabled = linked || alone; });
  solo.disabled = linked;
  quickButton.disabled = linked || startButton.disabled;
  const computers = alone || shown().some((row) => row.querySelector("select").value !== "human");
  byLink.disabled = computers;
}

function seats(change) {
  seatCount = Math.min(Math.max(seatCount + change, 2), rows().length);
  sync();
}

// A seat's default name, in the page's language, follows its kind ("Player 2" becomes
// "Computer 2" and back); a name the player typed is left alone (the default names are never
// recognised by their words: the field remembers whether it was typed in).
function defaultName(row, index) {
  const computer = row.querySelector("select").value !== "human";
  return computer ? t("Computer {number}", { number: index + 1 }) : t("Player {number}", { number: index + 1 });
}

function kindChanged(row, index) {
  const input = row.querySelector("input");
  if (!input.dataset.typed) input.value = defaultName(row, index);
  sync();
}

rows().forEach((row, index) => {
  const input = row.querySelector("input");
  input.defaultValue = defaultName(row, index);
  input.value = input.defaultValue;
  input.addEventListener("input", () => { input.dataset.typed = "1"; });
});

function values() {
  return {
    names: shown().map((row) => row.querySelector("input").value),
    kinds: shown().map((row) => row.querySelector("select").value),
    solo: solo.value,
    variants: [...document.querySelectorAll("#variant-box input:checked")].map((box) => box.value),
    all_tiles: document.getElementById("all-tiles").checked,
    seed: document.getElementById("seed").value,
    by_link: byLink.checked,
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
  startButton.disabled = resumeButton.disabled = quickButton.disabled = true;
  status.ariaLive = "polite";  // what happens to the player's choice is said
  status.textContent = choice.action === "resume"
    ? t("Your game opens as soon as it has loaded…")
    : t("The game starts as soon as it has loaded…");
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
    const names = record.players.map((player) => String(player.name))
      .reduce((start, next) => t("{start} vs {next}", { start, next }));
    document.getElementById("resume-summary").textContent =
      tn("{names}: {count} move played", "{names}: {count} moves played", record.moves.length, { names });
  } catch { /* an unreadable save: Python keeps it aside and says so */ }
}

document.getElementById("btn-add-seat").addEventListener("click", () => seats(+1));
document.getElementById("btn-remove-seat").addEventListener("click", () => seats(-1));
// No form submission at all (a submission racing Python's start-up can navigate the page):
// Start is a plain button, and Enter in a field means Start.
startButton.addEventListener("click", () => begin({ action: "new", values: values() }));
// The second obvious start: you (seat 1's name) against the computer at medium.
quickButton.addEventListener("click", () => {
  const you = rows()[0].querySelector("input").value;
  const choice = { ...values(), names: [you, t("Computer")], kinds: ["human", "ai:medium"], solo: "" };
  begin({ action: "new", values: { ...choice, by_link: false } });
});
rows().forEach((row, index) => {
  row.querySelector("select").addEventListener("change", () => kindChanged(row, index));
});
// The level hints come from is this device's choice, kept for the next visit.
const hintLevel = document.getElementById("hint-level");
function restoreHintLevel() {
  let kept = null;
  try { kept = window.localStorage.getItem(HINT_LEVEL); } catch { /* not kept: medium */ }
  if ([...hintLevel.options].some((option) => option.value === kept)) hintLevel.value = kept;
}
restoreHintLevel();
hintLevel.addEventListener("change", () => {
  try { window.localStorage.setItem(HINT_LEVEL, hintLevel.value); } catch { /* not kept: fine */ }
});
solo.addEventListener("change", sync);
byLink.addEventListener("change", sync);
// Python ticks Play by link itself (Share → New game by link), then asks for the form again.
// The form as a new visit finds it (the page's restart for tests): the HTML's own values.
const firstSeatCount = seatCount;
function reset() {
  document.getElementById("new-form").reset();
  for (const input of document.querySelectorAll("#seats input")) delete input.dataset.typed;
  seatCount = firstSeatCount;
  restoreHintLevel();
  sync();
}
window.akropolisNewGame = { sync, reset };
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

// A language switch made during a game reloads the page: the game comes back at once.
function resumeAfterSwitch() {
  try {
    const asked = window.sessionStorage.getItem(RESUME);
    window.sessionStorage.removeItem(RESUME);
    return Boolean(asked) && Boolean(window.localStorage.getItem(SLOT));
  } catch { return false; }
}

sync();
describeSave();
if (linkWaiting()) {
  document.getElementById("loading-link").hidden = false;
} else if (resumeAfterSwitch()) {
  begin({ action: "resume" });
} else if (document.documentElement.dataset.akropolis !== "error") {
  dialog.showModal();
}
document.documentElement.dataset.firstScreen = "usable";
performance.mark("akropolis-first-screen");
