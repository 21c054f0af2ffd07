// The page's language, chosen and shown before anything else runs (a classic script in <head>).
// Which language: the page's ?lang= (the embed's option), else the one the player chose on a
// page (remembered), else the first of the browser's languages the product speaks, else English
// (web/common/languages.py documents the order; Python reads the choice made here, so the two
// never disagree). The first screen's HTML is English; when another language is chosen, the body
// stays hidden (html[data-translating] in the style sheets) until the parser has finished, then
// every text and readable attribute is replaced by its translation, before any module script
// runs and before the first paint. The rules for what is a sentence are tools/page_text.py's,
// which finds the same sentences for the catalogs. JavaScript shows its own sentences through
// akropolisI18n.t("...", {name: value}). build.py fills in the languages and the catalogs
// (locale/*.po, only the first screen's sentences); Python has the whole catalogs.
(() => {
  const LANGUAGES = __LANGUAGES__;
  const NATIVE_NAMES = __NATIVE_NAMES__;
  const CATALOGS = __CATALOGS__;
  const STORE = "akropolis.language";
  // Set by a switch that should bring the game back at once (the game page's start.js reads it).
  const RESUME = "akropolis.language.resume";
  const PSEUDO = "qps";  // the test language: every sentence visibly transformed
  const root = document.documentElement;

  function spoken(tag) {
    if (typeof tag !== "string") return null;
    const primary = tag.trim().replace("_", "-").split("-")[0].toLowerCase();
    return LANGUAGES.includes(primary) || primary === PSEUDO ? primary : null;
  }

  function remembered() {
    try { return window.localStorage.getItem(STORE); } catch { return null; }
  }

  function choose() {
    let requested = null;
    try { requested = new URLSearchParams(window.location.search.slice(0, 1000)).get("lang"); } catch { /* none */ }
    const tags = [requested, remembered(), ...(navigator.languages || [navigator.language])];
    for (const tag of tags) {
      const language = spoken(tag);
      if (language) return language;
    }
    return "en";
  }

  const language = choose();
  // How much longer the pseudo-language makes every sentence, in percent: a whole number from 0
  // to MAX_STRETCH, read only for the pseudo-language (a link's stretch=1e9, Infinity or -5 is
  // clamped or ignored: no page hangs, crashes or refuses its own default names over it).
  const MAX_STRETCH = 100;
  const stretch = (() => {
    if (language !== PSEUDO) return 0;
    try {
      const asked = Math.round(Number(new URLSearchParams(window.location.search.slice(0, 1000)).get("stretch")));
      return Number.isFinite(asked) ? Math.min(Math.max(asked, 0), MAX_STRETCH) : 0;
    } catch { return 0; }
  })();

  // The pseudo-language: accented letters in brackets, 40% longer with ?stretch=40; placeholders
  // and markup kept as they are.
  const ACCENTS = { a: "á", e: "é", i: "í", o: "ó", u: "ú", A: "Á", E: "É", I: "Í", O: "Ó", U: "Ú", c: "ç", n: "ñ" };
  function pseudo(text) {
    const parts = text.split(/(\{[a-z_]+\}|<[^>]*>|&[a-z#0-9]+;)/);
    const body = parts.map((part, i) => (i % 2 ? part : part.replace(/[aeiouAEIOUcn]/g, (c) => ACCENTS[c]))).join("");
    const size = Math.ceil((text.length * stretch) / 100);
    const extra = "~~~~ ".repeat(size).slice(0, size);  // words, as a longer text would wrap
    return `⟦${body}${extra}⟧`;
  }

  const catalog = CATALOGS[language] || {};
  function translated(text) {
    if (language === PSEUDO) return pseudo(text);
    return Object.prototype.hasOwnProperty.call(catalog, text) ? catalog[text] : text;
  }

  function fill(sentence, values) {
    return sentence.replace(/\{([a-z_]+)\}/g, (whole, key) => (values && key in values ? String(values[key]) : whole));
  }

  function t(text, values) {
    return fill(translated(text), values);
  }

  // A sentence with a count: the language's own plural form (its catalog lists them in the
  // order gettext's Plural-Forms gives, which Intl's categories map to), {count} filled in.
  const FORM = {
    fr: { one: 0 },
    pl: { one: 0, few: 1 },
  };
  function tn(singular, plural, count, values) {
    const all = { count: number(count), ...(values || {}) };
    if (language === PSEUDO) return fill(pseudo(count === 1 ? singular : plural), all);
    const forms = catalog[singular + "\u0000" + plural];
    if (!forms || !FORM[language]) return fill(count === 1 ? singular : plural, all);
    const category = new Intl.PluralRules(language).select(count);
    const index = category in FORM[language] ? FORM[language][category] : forms.length - 1;
    return fill(forms[index], all);
  }

  const locale = () => (language === PSEUDO ? "en" : language);
  const number = (value) => new Intl.NumberFormat(locale()).format(value);
  const percent = (value) => new Intl.NumberFormat(locale(), { style: "percent" }).format(value / 100);

  const normalize = (text) => text.replace(/\s+/g, " ").trim();
  const hasWords = (text) => /\p{L}/u.test(text);
  const ATTRIBUTES = ["title", "aria-label", "alt", "placeholder"];
  const SKIPPED = new Set(["SCRIPT", "STYLE", "TEMPLATE", "svg"]);

  function translateAttributes(element) {
    for (const name of ATTRIBUTES) {
      const value = element.getAttribute(name);
      if (value && hasWords(value)) element.setAttribute(name, translated(normalize(value)));
    }
  }

  // Every sentence under ``node`` in this language (the rules of tools/page_text.py).
  function translate(node) {
    if (language === "en") return;
    const walk = (element) => {
      if (SKIPPED.has(element.tagName) || element.getAttribute("translate") === "no") return;
      translateAttributes(element);
      if (element.hasAttribute("data-i18n-html")) {
        const key = normalize(element.innerHTML);
        if (hasWords(key)) element.innerHTML = translated(key);
        return;
      }
      for (const child of [...element.childNodes]) {
        if (child.nodeType === Node.ELEMENT_NODE) walk(child);
        else if (child.nodeType === Node.TEXT_NODE && hasWords(child.data)) {
          const lead = child.data.match(/^\s*/)[0];
          const trail = child.data.match(/\s*$/)[0];
          child.data = lead + translated(normalize(child.data)) + trail;
        }
      }
    };
    walk(node);
  }

  function translateDocument() {
    try {
      document.title = translated(normalize(document.title));
      const description = document.querySelector('meta[name="description"]');
      if (description) description.content = translated(normalize(description.content));
      translate(document.body);
    } finally {
      delete root.dataset.translating;
    }
  }

  // The switch: remember the choice and reload, the game resuming from its save.
  function choose_language(next, resume = false) {
    if (!LANGUAGES.includes(next) || next === language) return;
    try { window.localStorage.setItem(STORE, next); } catch { /* a session without storage */ }
    try {
      if (resume) window.sessionStorage.setItem(RESUME, "1");
    } catch { /* the game is still saved: the first screen offers it */ }
    const url = new URL(window.location.href);
    url.searchParams.delete("lang");
    window.location.replace(url.href);
  }

  root.lang = language === PSEUDO ? "en-XA" : language;
  window.akropolisI18n = {
    language, languages: LANGUAGES, stretch, t, tn, number, percent, translate, choose: choose_language,
  };
  // Every <select data-language-switch> of the page: the languages by their own names. With
  // data-language-switch="resume", the game on screen comes back at once after the reload.
  function wireSwitches() {
    for (const select of document.querySelectorAll("select[data-language-switch]")) {
      select.replaceChildren(...LANGUAGES.map((code) => {
        const option = new Option(NATIVE_NAMES[code], code, false, code === language);
        option.lang = code;
        option.translate = false;
        return option;
      }));
      // data-resume-when: only while that element is there (a game is on screen behind a dialog).
      const resume = () => select.dataset.languageSwitch === "resume"
        && (!select.dataset.resumeWhen || Boolean(document.querySelector(select.dataset.resumeWhen)));
      select.addEventListener("change", () => choose_language(select.value, resume()));
    }
  }

  // The installed app's name and description in this language too.
  function translateManifest() {
    const link = document.querySelector('link[rel="manifest"]');
    if (link && LANGUAGES.includes(language)) link.setAttribute("href", `manifest.${language}.webmanifest`);
  }

  function ready() {
    if (language !== "en") translateDocument();
    if (language !== "en") translateManifest();
    wireSwitches();
  }

  if (language !== "en") root.dataset.translating = "";
  if (document.readyState === "loading") {
    document.addEventListener("readystatechange", ready, { once: true });
  } else {
    ready();
  }
})();
