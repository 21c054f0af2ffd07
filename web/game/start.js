// The first screen: the common games in one tap each (the computer at a level, pass and play,
// solo against an Illustrious Architect, play by link), "More options" for the rest, and
// "Resume your game" when a save exists. It works in plain JavaScript while Python is still
// loading: a choice made before Python is ready waits in window.akropolisPending, and the game
// starts the moment Python is. Once ready, the game's Python (game/browser/page.py) sets
// window.akropolisBegin and every choice goes straight to it.
// A page opened with a link (#A1;… or #play/…), or a tab that was showing a game played by
// link, does not show this screen: Python decides what to open, never resuming over the link.
// Names are placeholders until typed: what the person types is the name. Enter in a field never
// starts a game (it moves to the button that would): only a button the person presses does.
import { words } from "./words.mjs";

const { t, tn } = words;
const SLOT = "akropolis.autosave.v1";
const ACTIVE_LINK = "akropolis.link.active";
const RESUME = "akropolis.language.resume";  // i18n.js sets it when the language is switched
const HINT_LEVEL = "akropolis.hint.level";  // the level Hint asks (game/browser/opponents.py reads the menu)
const OPTIONS = "akropolis.newgame.v1";  // the options last chosen (never the seed)
const DEFAULT_QUICK = "ai:medium";
const dialog = document.getElementById("new-dialog");
const form = document.getElementById("new-form");
const status = document.getElementById("start-status");
const startButton = document.getElementById("btn-start");
const resumeButton = document.getElementById("btn-resume");
const yourName = document.getElementById("your-name");
const more = document.getElementById("more-options");
const quickNote = document.getElementById("quick-note");
const solo = document.getElementById("solo");
const byLink = document.getElementById("by-link");
const allTiles = document.getElementById("all-tiles");
const hintLevel = document.getElementById("hint-level");

const rows = () => [...document.querySelectorAll("#seats label")];
const shown = () => rows().filter((row) => !row.hidden);
const quickButtons = () => [...document.querySelectorAll("#quick [data-quick]")];
const variantBoxes = () => [...document.querySelectorAll("#variant-box input")];
const firstSeatCount = Math.max(shown().length, 2);
let seatCount = firstSeatCount;
let busy = false;  // a choice waits for Python: no second one

// A seat's name until one is typed, in the page's language: a person is "Player 2"; a computer
// is "Computer" when it is the only one, else "Computer 2" (game/newgame.py names them alike).
function placeholderOf(index, kinds) {
  const computers = kinds.filter((kind) => kind !== "human").length;
  if (kinds[index] === "human") return t("Player {number}", { number: index + 1 });
  return computers === 1 ? t("Computer") : t("Computer {number}", { number: index + 1 });
}

// Seats shown, and what may be combined: a solo game is seat 1 against an Illustrious
// Architect; play by link is for people only, so choosing a computer disables it and ticking it
// disables them.
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
  const computers = alone || shown().some((row) => row.querySelector("select").value !== "human");
  byLink.disabled = computers;
  const kinds = all.map((row) => row.querySelector("select").value);
  all.forEach((row, index) => { row.querySelector("input").placeholder = placeholderOf(index, kinds); });
  yourName.placeholder = all[0].querySelector("input").placeholder;
  startButton.disabled = busy;
  resumeButton.disabled = busy;
  for (const button of quickButtons()) button.disabled = busy;
  const options = allTiles.checked || variantBoxes().some((box) => box.checked);
  quickNote.hidden = !options;
  quickNote.textContent = options ? t("The games above are played with the variants and the tile count chosen under More options.") : "";
}

function seats(change) {
  seatCount = Math.min(Math.max(seatCount + change, 2), rows().length);
  sync();
}

// The two fields of seat 1's name are one: "Your name" and the first seat of More options.
const firstName = () => rows()[0].querySelector("input");
yourName.addEventListener("input", () => { firstName().value = yourName.value; });
firstName().addEventListener("input", () => { yourName.value = firstName().value; });

function values() {
  return {
    names: shown().map((row) => row.querySelector("input").value),
    kinds: shown().map((row) => row.querySelector("select").value),
    solo: solo.value,
    variants: variantBoxes().filter((box) => box.checked).map((box) => box.value),
    all_tiles: allTiles.checked,
    seed: document.getElementById("seed").value,
    by_link: byLink.checked,
  };
}

// A quick game: the options of More options that are not about seats (variants, all tiles),
// the seats the button says, and the names typed (placeholders are left to Python).
function quickValues(choice) {
  const base = { ...values(), seed: "", by_link: false, solo: "" };
  const names = rows().map((row) => row.querySelector("input").value);
  const [kind, detail] = choice.split(":");
  if (kind === "ai") return { ...base, names: [names[0], ""], kinds: ["human", `ai:${detail}`] };
  if (kind === "daily") return { ...base, names: [names[0]], kinds: ["human"], daily: true };
  if (kind === "solo") return { ...base, names: [names[0]], kinds: ["human"], solo: detail, all_tiles: false };
  const count = Number(detail);
  return { ...base, names: names.slice(0, count), kinds: Array(count).fill("human") };
}

function remember(quick) {
  const kept = {
    quick,
    names: rows().map((row) => row.querySelector("input").value),
    kinds: rows().map((row) => row.querySelector("select").value),
    seats: seatCount,
    solo: solo.value,
    variants: variantBoxes().filter((box) => box.checked).map((box) => box.value),
    all_tiles: allTiles.checked,
    by_link: byLink.checked,
    more: more.open,
  };
  try { window.localStorage.setItem(OPTIONS, JSON.stringify(kept)); } catch { /* not kept: fine */ }
  markPrimary(quick);
}

function remembered() {
  try {
    const kept = JSON.parse(window.localStorage.getItem(OPTIONS) || "null");
    return kept && typeof kept === "object" ? kept : null;
  } catch { return null; }
}

// The last quick game chosen stands out, and is where the focus starts.
function markPrimary(quick) {
  const buttons = quickButtons();
  const chosen = buttons.find((button) => button.dataset.quick === quick)
    || buttons.find((button) => button.dataset.quick === DEFAULT_QUICK);
  for (const button of buttons) button.classList.toggle("primary", button === chosen);
  return chosen;
}

function restore() {
  const kept = remembered();
  if (!kept) return;
  const text = (value) => (typeof value === "string" ? value.slice(0, 40) : "");
  rows().forEach((row, index) => {
    const names = Array.isArray(kept.names) ? kept.names : [];
    const kinds = Array.isArray(kept.kinds) ? kept.kinds : [];
    row.querySelector("input").value = text(names[index]);
    const select = row.querySelector("select");
    if ([...select.options].some((option) => option.value === kinds[index])) select.value = kinds[index];
  });
  yourName.value = firstName().value;
  if (Number.isInteger(kept.seats)) seatCount = Math.min(Math.max(kept.seats, 2), rows().length);
  if ([...solo.options].some((option) => option.value === kept.solo)) solo.value = kept.solo;
  const variants = Array.isArray(kept.variants) ? kept.variants : [];
  for (const box of variantBoxes()) box.checked = variants.includes(box.value);
  allTiles.checked = kept.all_tiles === true;
  byLink.checked = kept.by_link === true;
  more.open = kept.more === true;
}

function begin(choice, quick = null) {
  if (busy) return;
  document.getElementById("new-error").hidden = true;
  if (choice.action === "new") remember(quick);
  const text = JSON.stringify(choice);
  if (window.akropolisBegin) {
    window.akropolisBegin(text);
    return;
  }
  window.akropolisPending = text;
  busy = true;
  sync();
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

// Play by link needs the other players' names: More options opens on them, by link ticked.
function setUpByLink() {
  solo.value = "";
  for (const row of rows()) row.querySelector("select").value = "human";
  byLink.checked = true;
  more.open = true;
  sync();
  const second = rows()[1].querySelector("input");
  second.focus();
  second.scrollIntoView({ block: "center", behavior: "auto" });
  status.ariaLive = "polite";
  status.textContent = t("Type the other players' names, then press “Start this game”.");
}

document.getElementById("quick").addEventListener("click", (event) => {
  const button = event.target.closest("[data-quick]");
  if (!button || button.disabled) return;
  const quick = button.dataset.quick;
  if (quick === "learn") {
    begin({ action: "learn" });
    return;
  }
  if (quick === "link") {
    setUpByLink();
    return;
  }
  begin({ action: "new", values: quickValues(quick) }, quick);
});
document.getElementById("btn-add-seat").addEventListener("click", () => seats(+1));
document.getElementById("btn-remove-seat").addEventListener("click", () => seats(-1));
// No form submission at all (a submission racing Python's start-up can navigate the page).
startButton.addEventListener("click", () => begin({ action: "new", values: values() }, "more"));
// The level hints come from is this device's choice, kept for the next visit.
function restoreHintLevel() {
  let kept = null;
  try { kept = window.localStorage.getItem(HINT_LEVEL); } catch { /* not kept: medium */ }
  if ([...hintLevel.options].some((option) => option.value === kept)) hintLevel.value = kept;
}
hintLevel.addEventListener("change", () => {
  try { window.localStorage.setItem(HINT_LEVEL, hintLevel.value); } catch { /* not kept: fine */ }
});
form.addEventListener("change", sync);

// Where the focus starts: Resume when there is a game to resume, else the quick game last
// chosen (a button: on a phone, no keyboard pops up over the screen).
function focusFirst() {
  if (!document.getElementById("resume-box").hidden) resumeButton.focus();
  else markPrimary(remembered()?.quick).focus();
}

// Python ticks Play by link itself (Share → New game by link), then asks for the form again.
// The form as a new visit finds it (the page's restart for tests): the HTML's own values.
function reset() {
  form.reset();
  seatCount = firstSeatCount;
  busy = false;
  restoreHintLevel();
  sync();
  markPrimary(null);
}
function setBusy(value) {
  busy = value;
  sync();
}
window.akropolisNewGame = { sync, reset, setBusy, focusFirst };
form.addEventListener("submit", (event) => event.preventDefault());
form.addEventListener("keydown", (event) => {
  const target = event.target;
  if (event.key !== "Enter" || target.tagName !== "INPUT" || target.type === "checkbox") return;
  event.preventDefault();  // Enter in a field starts nothing: it goes to the button that would
  if (target === yourName) markPrimary(remembered()?.quick).focus();
  else startButton.focus();
});
resumeButton.addEventListener("click", () => begin({ action: "resume" }));
// Learn to play from the Rules: the same choice as the first screen's (it waits for Python).
document.getElementById("btn-learn-rules").addEventListener("click", () => {
  document.getElementById("rules-dialog").close();
  begin({ action: "learn" });
});
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

restore();
restoreHintLevel();
sync();
markPrimary(remembered()?.quick);
describeSave();
if (linkWaiting()) {
  document.getElementById("loading-link").hidden = false;
} else if (resumeAfterSwitch()) {
  begin({ action: "resume" });
} else if (document.documentElement.dataset.akropolis !== "error") {
  dialog.showModal();
  focusFirst();
}
document.documentElement.dataset.firstScreen = "usable";
performance.mark("akropolis-first-screen");
