// The page's words, for the pages' JavaScript: i18n.js's (the page's language, chosen and the
// first screen translated before anything else runs), or, when i18n.js did not load (a host that
// failed it, a broken copy), the English source sentences. A missing i18n.js costs the page its
// translation and its language switch, never its start.
const fill = (sentence, values) =>
  sentence.replace(/\{([a-z_]+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));

const english = {
  language: "en",
  languages: ["en"],
  stretch: 0,
  t: (text, values) => fill(text, values),
  tn: (singular, plural, count, values) => fill(count === 1 ? singular : plural, { count, ...(values || {}) }),
  number: (value) => String(value),
  percent: (value) => `${value}%`,
  translate: () => {},
  choose: () => {},
};

const loaded = typeof window.akropolisI18n === "object" && window.akropolisI18n !== null
  && typeof window.akropolisI18n.t === "function";
if (!loaded) {
  console.warn("akropolis: i18n.js did not load: the page speaks English and offers no other language");
  window.akropolisI18n = english;
  document.documentElement.removeAttribute("data-translating");
  for (const select of document.querySelectorAll("select[data-language-switch]")) select.hidden = true;
}

export const words = window.akropolisI18n;
window.akropolisWords = words;  // for Python: this module loaded (web/browser/dom.py)
