// <akropolis-city> and <akropolis-game>: Akropolis cities and games in any page, from one script
// tag of the game's site (docs/embedding.md). Every element of the page shares one Python: a
// hidden frame of the game's site (elements.html), added when the first element nears the
// viewport. The frame draws each element as SVG with its explanation and answers what the reader
// does; the element shows what it is sent and sizes itself to its width. Nothing an attribute
// holds is ever run or written as markup: the notation and the options go to Python as text,
// which reads them as the embed reads its link, and a refusal is shown as text.
(() => {
  "use strict";
  const script = document.currentScript;
  if (!script || customElements.get("akropolis-city")) return;
  const BASE = new URL(".", script.src).href;
  const ORIGIN = new URL(BASE).origin;
  //: Filled in by the build: each language's words of this script (locale/*.po), and the
  //: elements' styles (elements.css), which every element of the page adopts: no request each.
  const WORDS = __WORDS__;
  const STYLES = new CSSStyleSheet();
  STYLES.replaceSync(__STYLES__);
  const LANGUAGES = ["en", ...Object.keys(WORDS)];
  //: The embed's options, which the elements take as attributes of the same names and values.
  const OPTIONS = ["breakdown", "kind", "player", "mode", "theme", "tile"];
  //: akropolis.checks.MAX_NOTATION_LENGTH: a longer notation is refused unread.
  const MAX_NOTATION_LENGTH = 10000;
  const SVG = "http://www.w3.org/2000/svg";
  //: The replay's buttons (the embed's icons): glyphs like ⏮ are missing from many fonts.
  const ICON = (path) => `<svg viewBox="0 0 16 16" aria-hidden="true"><path d="${path}"/></svg>`;
  const ICONS = {
    first: ICON("M3 3h2v10H3zM13 3v10L6 8z"),
    previous: ICON("M11 3v10L4 8z"),
    next: ICON("M5 3v10l7-5z"),
    last: ICON("M11 3h2v10h-2zM3 3v10l7-5z"),
  };

  //: The sentences of one language, called t(...) as in the pages' JavaScript (English if unknown).
  const wordsOf = (language) => (text) => (WORDS[language] && WORDS[language][text]) || text;

  // --- The shared frame --------------------------------------------------------------------------

  let frame = null;
  let listening = false;
  let serial = 0;
  const queue = [];
  const pending = new Map();

  function connect() {
    if (frame) return;
    frame = document.createElement("iframe");
    frame.src = `${BASE}elements.html`;
    frame.title = "Akropolis";
    frame.tabIndex = -1;
    frame.setAttribute("aria-hidden", "true");
    // In the viewport, 1 pixel and transparent: browsers slow down frames they cannot see.
    frame.style.cssText = "position:fixed;left:0;bottom:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none;";
    document.body.append(frame);
  }

  window.addEventListener("message", (event) => {
    if (!frame || event.source !== frame.contentWindow || event.origin !== ORIGIN) return;
    const data = event.data || {};
    if (data.akropolis === "hello") {
      listening = true;
      for (const message of queue.splice(0)) frame.contentWindow.postMessage(message, ORIGIN);
    } else if (data.akropolis === "answer" && pending.has(data.id) && typeof data.text === "string") {
      const settle = pending.get(data.id);
      pending.delete(data.id);
      let answer;
      try { answer = JSON.parse(data.text); } catch { answer = { ok: false, error: "" }; }
      settle(answer);
    } else if (data.akropolis === "failed") {
      for (const settle of pending.values()) settle({ ok: false, failed: true });
      pending.clear();
    }
  });

  function ask(request) {
    connect();
    const id = ++serial;
    const message = { akropolis: "request", id, text: JSON.stringify(request) };
    return new Promise((settle) => {
      pending.set(id, settle);
      if (listening) frame.contentWindow.postMessage(message, ORIGIN);
      else queue.push(message);
    });
  }

  // --- One element -------------------------------------------------------------------------------

  const TEMPLATE = `<div class="card" part="card">
  <header class="bar"><span class="title" translate="no">Akropolis</span><span class="total"></span>
    <a class="open" target="_blank" rel="noopener" hidden></a></header>
  <div class="error" role="alert" hidden><strong></strong><p></p></div>
  <div class="body">
    <div class="stage"><div class="picture"><div class="skeleton" aria-hidden="true"></div></div></div>
    <div class="side" hidden><div class="scorepad"></div><ul class="lines"></ul></div>
  </div>
  <div class="tabs" role="group" hidden></div>
  <div class="replay" hidden>
    <button type="button" data-step="first"></button><button type="button" data-step="previous"></button>
    <input type="range" min="0" value="0">
    <button type="button" data-step="next"></button><button type="button" data-step="last"></button>
    <p class="caption"></p>
  </div>
  <div class="tryit" hidden><span class="tile"></span><span class="label"></span>
    <button type="button" data-try="-1">⟲</button><button type="button" data-try="1">⟳</button>
    <button type="button" data-try="place" hidden></button><button type="button" data-try="undo"></button></div>
  <p class="why" aria-live="polite"></p>
  <div class="words"></div>
</div>`;

  class AkropolisDiagram extends HTMLElement {
    static get observedAttributes() { return ["notation", "lang", "replay", ...OPTIONS]; }

    constructor() {
      super();
      this.key = `e${++serial}`;
      this.root = this.attachShadow({ mode: "open" });
      this.root.adoptedStyleSheets = [STYLES];
      this.root.innerHTML = TEMPLATE;
      this.$ = (selector) => this.root.querySelector(selector);
      this.view = null;
      this.chosen = null;  // the spot a touch has chosen, placed by "Place here"
      this.root.addEventListener("click", (event) => this.clicked(event));
      this.root.addEventListener("keydown", (event) => this.keyed(event));
      this.root.addEventListener("pointerover", (event) => this.pointed(event.target));
      this.root.addEventListener("focusin", (event) => this.pointed(event.target));
      this.$("input").addEventListener("input", (event) => this.act("seek", Number(event.target.value)));
    }

    connectedCallback() {
      this.dataset.state = this.dataset.state || "idle";
      this.setAttribute("role", this.getAttribute("role") || "figure");
      if (this.seen) return;
      this.seen = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          this.seen.disconnect();
          this.open();
        }
      }, { rootMargin: "300px 0px" });
      this.seen.observe(this);
    }

    disconnectedCallback() {
      if (this.dataset.state === "ready") ask({ key: this.key, op: "close" });
    }

    attributeChangedCallback() {
      if (this.dataset.state === "ready" || this.dataset.state === "error") this.open();
    }

    language() {
      const own = this.getAttribute("lang");
      if (own !== null) return LANGUAGES.includes(own) ? own : "";
      const near = (this.closest("[lang]") || document.documentElement).getAttribute("lang") || "";
      const wanted = [near, ...(navigator.languages || [])].map((tag) => String(tag).slice(0, 2).toLowerCase());
      return wanted.find((tag) => LANGUAGES.includes(tag)) || "en";
    }

    gesture() { return matchMedia("(pointer: coarse)").matches ? "tap" : "click"; }

    request(op, more = {}) {
      return ask({ key: this.key, op, lang: this.language(), gesture: this.gesture(), ...more });
    }

    async open() {
      this.dataset.state = "loading";
      this.setAttribute("aria-busy", "true");
      const notation = (this.getAttribute("notation") ?? this.textContent).trim();
      const query = new URLSearchParams();
      for (const name of OPTIONS) {
        if (this.hasAttribute(name)) query.append(name, this.getAttribute(name));
      }
      if (this.hasAttribute("lang")) query.append("lang", this.getAttribute("lang"));
      const answer = await this.request("open", {
        notation: notation.slice(0, MAX_NOTATION_LENGTH + 1),
        query: `?${query}`,
        game: this.localName === "akropolis-game",
      });
      this.show(answer);
    }

    async act(action, value = null) {
      if (this.dataset.state !== "ready") return;
      this.show(await this.request("act", { action, value }));
    }

    // --- Drawing what Python sent ----------------------------------------------------------------

    show(answer) {
      this.removeAttribute("aria-busy");
      if (!answer.ok) {
        this.dataset.state = "error";
        const t = wordsOf(this.language());
        this.$(".error strong").textContent = t("This city cannot be shown.");
        this.$(".error p").textContent = answer.error
          || t("The city could not be loaded. Check your connection, then try again.");
        this.$(".error").hidden = false;
        this.$(".body").hidden = true;
        for (const part of [".tabs", ".replay", ".tryit"]) this.$(part).hidden = true;
        return;
      }
      const view = answer.view;
      this.view = view;
      this.chosen = null;
      this.dataset.state = "ready";
      this.dataset.theme = view.theme;
      this.$(".error").hidden = true;
      this.$(".body").hidden = false;
      this.$(".title").textContent = view.title;
      this.$(".total").textContent = view.total;
      this.setAttribute("aria-label", `${view.title}: ${view.total}`);
      const open = this.$(".open");
      open.textContent = `${view.labels.open} ↗`;
      open.hidden = !view.open.startsWith(BASE);  // the game's own page, on its own site
      if (!open.hidden) open.href = view.open;
      this.$(".picture").innerHTML = view.svg;
      const picture = this.$(".picture svg");
      picture.removeAttribute("height");
      picture.setAttribute("width", "100%");
      picture.setAttribute("aria-label", `${view.title}: ${view.total}`);
      this.overlay = document.createElementNS(SVG, "g");
      this.overlay.setAttribute("class", "overlay");
      picture.append(this.cellsLayer(view), this.overlay);
      this.$(".side").hidden = !view.scorepad;
      this.$(".scorepad").innerHTML = view.scorepad;
      this.$(".lines").innerHTML = view.lines;
      this.$(".lines").setAttribute("aria-label", view.labels.lines);
      this.$(".words").innerHTML = view.words;
      this.showReplay(view);
      this.showTryit(view);
      this.say(answer.said || (this.said ? "" : view.first), answer.said ? "done" : "");
      this.said = true;
    }

    cellsLayer(view) {
      // One transparent hex per district, for the pointer: what it is over says why it counts.
      const layer = document.createElementNS(SVG, "g");
      layer.setAttribute("class", "cells");
      for (const [cell, points] of Object.entries(view.outlines)) {
        const hex = document.createElementNS(SVG, "polygon");
        hex.setAttribute("points", points);
        hex.dataset.cell = cell;
        layer.append(hex);
      }
      return layer;
    }

    showReplay(view) {
      const replay = view.replay;
      const tabs = this.$(".tabs");
      tabs.hidden = !replay || replay.players.length < 2;
      const bar = this.$(".replay");
      bar.hidden = !replay || replay.last === 0 || this.getAttribute("replay") === "0";
      if (!replay) return;
      tabs.setAttribute("aria-label", view.labels.whose);
      tabs.replaceChildren(...replay.players.map((player, seat) => {
        const tab = document.createElement("button");
        tab.type = "button";
        tab.dataset.player = String(seat);
        tab.setAttribute("aria-pressed", String(player.viewed));
        tab.textContent = `${player.name} · ${player.total}`;
        return tab;
      }));
      for (const button of bar.querySelectorAll("[data-step]")) {
        const step = button.dataset.step;
        button.innerHTML = ICONS[step];  // our own constant markup
        button.setAttribute("aria-label", view.labels[step]);
        const disabled = (step === "first" || step === "previous") ? replay.ply === 0 : replay.ply === replay.last;
        // A button the keyboard is on never vanishes under it: the focus goes to the slider.
        if (disabled && this.root.activeElement === button) this.$("input").focus();
        button.disabled = disabled;
      }
      const slider = this.$("input");
      slider.max = String(replay.last);
      slider.value = String(replay.ply);
      slider.setAttribute("aria-label", view.labels.move);
      slider.setAttribute("aria-valuetext", replay.caption);
      this.$(".caption").textContent = replay.caption;
    }

    showTryit(view) {
      const tryit = view.tryit;
      const bar = this.$(".tryit");
      bar.hidden = !tryit;
      if (!tryit) return;
      this.$(".tryit .tile").innerHTML = tryit.picture;
      this.$(".tryit .label").textContent = tryit.label;
      for (const button of bar.querySelectorAll("[data-try]")) {
        const action = button.dataset.try;
        button.setAttribute("aria-label", view.labels[`try${action}`] || "");
        if (action === "undo") { button.textContent = view.labels.tryundo; button.disabled = tryit.holding; }
        else if (action === "place") { button.textContent = view.labels.tryplace; button.hidden = this.chosen === null; }
        else button.disabled = !tryit.holding;
      }
      const spots = document.createElementNS(SVG, "g");
      spots.setAttribute("class", "spots");
      tryit.spots.forEach((spot, index) => {
        const dot = document.createElementNS(SVG, "circle");
        dot.setAttribute("cx", spot.x);
        dot.setAttribute("cy", spot.y);
        dot.setAttribute("r", tryit.radius);
        dot.setAttribute("tabindex", index === 0 ? "0" : "-1");
        dot.setAttribute("role", "button");
        dot.setAttribute("aria-label", spot.words);
        dot.dataset.spot = String(index);
        spots.append(dot);
      });
      this.$(".picture svg").append(spots);
    }

    say(text, tone = "") {
      const why = this.$(".why");
      why.textContent = text || "";
      why.dataset.tone = tone;
    }

    // --- What the reader does --------------------------------------------------------------------

    outline(cells, kind) {
      // Outlines (strings of points), or the ghost's hexes with their kinds' colours.
      this.overlay.replaceChildren(...cells.map((cell) => {
        const hex = document.createElementNS(SVG, "polygon");
        hex.setAttribute("points", typeof cell === "string" ? cell : cell.points);
        if (cell.fill) hex.style.fill = cell.fill;
        hex.setAttribute("class", kind);
        return hex;
      }));
    }

    pointed(target) {
      const view = this.view;
      if (!view || !this.overlay) return;
      const spot = target.closest && target.closest("[data-spot]");
      if (spot && view.tryit) {
        const chosen = view.tryit.spots[Number(spot.dataset.spot)];
        this.outline(chosen.ghost, "ghost");
        this.say(chosen.words, "good");
        return;
      }
      const line = target.closest && target.closest("[data-cells]");
      if (line) {
        const cells = line.dataset.cells.split(" ").filter((cell) => cell in view.outlines);
        this.outline(cells.map((cell) => view.outlines[cell]), "lit");
        return;
      }
      const cell = target.dataset && target.dataset.cell;
      if (cell && view.why[cell] && !(view.tryit && view.tryit.holding)) {
        this.outline([view.outlines[cell]], "lit");
        this.say(view.why[cell]);
      }
    }

    clicked(event) {
      const target = event.target;
      const spot = target.closest("[data-spot]");
      if (spot) {
        const index = Number(spot.dataset.spot);
        if (event.pointerType === "touch" && this.chosen !== index) {
          this.chosen = index;
          this.pointed(spot);
          this.$("[data-try='place']").hidden = false;
        } else {
          this.act("place", this.view.tryit.spots[index].anchor);
        }
        return;
      }
      const button = target.closest("button");
      if (!button) return;
      if (button.dataset.player) this.act("player", Number(button.dataset.player));
      else if (button.dataset.step) this.step(button.dataset.step);
      else if (button.dataset.try === "place" && this.chosen !== null) {
        this.act("place", this.view.tryit.spots[this.chosen].anchor);
      } else if (button.dataset.try === "undo") this.act("undo");
      else if (button.dataset.try) this.act("rotate", Number(button.dataset.try));
    }

    step(step) {
      const replay = this.view && this.view.replay;
      if (!replay) return;
      const to = { first: 0, previous: replay.ply - 1, next: replay.ply + 1, last: replay.last }[step];
      if (to !== undefined && to >= 0 && to <= replay.last && to !== replay.ply) this.act("seek", to);
    }

    keyed(event) {
      const view = this.view;
      if (!view || event.altKey || event.ctrlKey || event.metaKey) return;
      const spot = event.target.closest && event.target.closest("[data-spot]");
      if (spot && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        this.act("place", view.tryit.spots[Number(spot.dataset.spot)].anchor);
      } else if (spot && ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
        event.preventDefault();
        const dots = [...this.root.querySelectorAll("[data-spot]")];
        const forward = event.key === "ArrowRight" || event.key === "ArrowDown";
        const next = dots[(dots.indexOf(spot) + (forward ? 1 : dots.length - 1)) % dots.length];
        spot.setAttribute("tabindex", "-1");
        next.setAttribute("tabindex", "0");
        next.focus();
      } else if ((event.key === "r" || event.key === "R") && view.tryit && view.tryit.holding) {
        event.preventDefault();
        this.act("rotate", event.shiftKey ? -1 : 1);
      } else if (view.replay && event.target.localName !== "input") {
        const step = { ArrowLeft: "previous", ArrowRight: "next", Home: "first", End: "last" }[event.key];
        if (step && !spot) {
          event.preventDefault();
          this.step(step);
        }
      }
    }
  }

  customElements.define("akropolis-city", class extends AkropolisDiagram {});
  customElements.define("akropolis-game", class extends AkropolisDiagram {});
})();
