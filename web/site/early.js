// Half Moon before Python (docs/startup.md, "Before Python"): what a page shows and keeps while
// the runtime starts. It decides no game rule: it paints, it records taps, Python plays them.
// 0. The theme and the card faces the player chose, on <html>, before anything is painted.
// 1. The progress line: <html data-boot-stage> follows the start-up stages, "page" (here),
//    then "runtime" and "python" (from the runtime's loader) and "app" (main.py), told by
//    `halfmoon:stage` events on the document; it only moves forward. CSS (style.css) fills
//    the line at <html data-ready>, whatever events came.
// 2. The loading note in the page's status line becomes that line's one message, once: one
//    announcement for the whole start, none per stage.
// 3. The game page, on a return visit: the board the player left, painted from the snapshot
//    the Python view saved (halfmoon_web/model/snapshot.py), rebuilt element by element from an
//    allowlist (a stored value can be anything). Taps on its cards are queued in order until
//    Python takes them with `halfmoonEarly.take()`, in the very turn it mounts its own board.
//    On a first visit, the same for the first deal the build wrote with its cards.
// 4. The boards the build wrote are in every language: the one Python will choose stays.
// 5. The runtime starts from here: at once on a visit the service worker serves, else after
//    the first paint; a framed embed's when it comes near the viewport.
// It is render-blocking (blocking="render"): all this is in the first paint.
"use strict";

(() => {
  const root = document.documentElement;
  const page = document.body ? document.body.getAttribute("data-page") : null;
  const params = new URLSearchParams(location.search);
  // The storage keys Python owns (halfmoon_web/storage/storage.py), filled in by the build
  // (web/shared_facts.py): this file never spells one.
  const SETTINGS_KEY = %SETTINGS_KEY%;
  const GAME_KEY = %GAME_KEY%;

  // -- 0. the theme and the card faces (docs/layout.md, "Themes and card faces") -------------
  // Before the first paint, from the stored settings (halfmoon_web/model/settings.py; the
  // embed never reads them: its address's theme=, else the host's colour scheme). <html
  // data-theme-choice> is the choice (Python sets it when the player changes it);
  // data-theme is what it means now, following the OS's colour scheme under the default.
  // The choices, the default first, are the settings' (CHOICES), filled in by the build
  // (web/shared_facts.py); the themes other than the default are named after the colour
  // schemes of prefers-color-scheme.
  const CHOICES = %SETTING_CHOICES%;
  const THEMES = CHOICES.theme;
  let looks = {};
  if (page === "embed") {
    looks = { theme: params.get("theme") };
  } else {
    try {
      looks = JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {};
    } catch {
      looks = {}; // storage disabled or not JSON: the defaults
    }
  }
  root.setAttribute("data-theme-choice", THEMES.includes(looks.theme) ? looks.theme : THEMES[0]);
  // The card faces, back and table: <html data-faces>, <html data-back>, <html data-table>.
  for (const name of ["faces", "back", "table"]) {
    const choices = CHOICES[name];
    root.setAttribute(`data-${name}`, choices.includes(looks[name]) ? looks[name] : choices[0]);
  }
  const schemes = THEMES.slice(1)
    .map((theme) => [theme, matchMedia(`(prefers-color-scheme: ${theme})`)]);
  const showTheme = () => {
    const choice = root.getAttribute("data-theme-choice");
    const os = schemes.find(([, scheme]) => scheme.matches) || schemes[0];
    root.setAttribute("data-theme", THEMES.indexOf(choice) > 0 ? choice : os[0]);
  };
  showTheme();
  for (const [, scheme] of schemes) scheme.addEventListener("change", showTheme);
  new MutationObserver(showTheme).observe(root, { attributeFilter: ["data-theme-choice"] });

  // -- 1. the progress line ------------------------------------------------------------------
  // The stages, in order, are web/shared_facts.py's, filled in by the build.
  const STAGES = %BOOT_STAGES%;
  // The runtime's loader (an async module) may have told a stage before this script ran.
  let reached = STAGES.indexOf(root.getAttribute("data-boot-stage"));
  const stage = (name) => {
    const index = STAGES.indexOf(name);
    if (index > reached) {
      reached = index;
      root.setAttribute("data-boot-stage", name);
    }
  };
  document.addEventListener("halfmoon:stage", (event) => stage(event.detail));
  stage("page");

  // The language Python will choose, as the start guard chooses it (start_guard.js, inline
  // before this script: halfmoonLang, with Python's languages and default).
  const { of: langOf, chosen } = window.halfmoonLang;
  const pageLang = chosen();

  // The boards the build wrote with their cards (the game's first deal, the rules page's
  // diagrams) are in every language: the page's own stays, as halfmoon_web/board/board_view.py
  // would draw it, and it adopts that board (docs/startup.md, "What a page shows at first
  // paint").
  for (const template of document.querySelectorAll(".board > template[data-lang]")) {
    const shown = template.parentElement.querySelector(":scope > .hm-board");
    if (template.getAttribute("data-lang") === pageLang && shown) {
      shown.replaceWith(template.content.cloneNode(true));
    }
    template.remove();
  }

  // -- 3. the board snapshot ----------------------------------------------------------------
  // Its key, version, limits and allowlist are halfmoon_web/model/snapshot.py's, filled in
  // by the build (web/shared_facts.py).
  const SNAPSHOT_KEY = %SNAPSHOT_KEY%;
  const SNAPSHOT_VERSION = %SNAPSHOT_VERSION%;
  const MAX_SNAPSHOT_CHARS = %MAX_SNAPSHOT_CHARS%;
  const MAX_EARLY_TAPS = %MAX_EARLY_TAPS%;
  const MAX_ELEMENTS = %MAX_SNAPSHOT_ELEMENTS%;
  // The clock as Python writes it, m:ss, up to the longest time a game's clock counts.
  const TIME_TEXT = new RegExp(`^[0-9]{1,${%SNAPSHOT_MINUTE_DIGITS%}}:[0-5][0-9]$`);
  const PLACE_COUNT = %SNAPSHOT_PLACES%.length;
  const TAGS = new Set(%SNAPSHOT_TAGS%.map((tag) => tag.toUpperCase()));
  // What the view writes on a board at rest, each with the pattern its whole value matches;
  // anything else rejects the whole snapshot (no on* handler, no href, src or style can come
  // through).
  const ATTRIBUTES = new Map(
    Object.entries(%SNAPSHOT_ATTRIBUTES%)
      .map(([name, pattern]) => [name, new RegExp(`^(?:${pattern})$`)]),
  );

  const invalid = () => new Error("not a Half Moon board");

  // Before the markup is parsed at all: every tag is a well-formed tag of TAGS and every
  // attribute one of ATTRIBUTES. The parser would not run a handler or apply a style attribute
  // here, but the page's CSP would still log each one it meets as an error.
  const TAG = /<(\/?)([a-z]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>/y;
  const ATTRIBUTE = /\s+([a-z-]+)/g;
  const screened = (html) => {
    for (let at = html.indexOf("<"); at !== -1; at = html.indexOf("<", TAG.lastIndex)) {
      TAG.lastIndex = at;
      const tag = TAG.exec(html);
      if (!tag || !TAGS.has(tag[2].toUpperCase())) return false;
      const attributes = tag[3].replace(/="[^"]*"/g, "");
      for (const [, name] of attributes.matchAll(ATTRIBUTE)) {
        if (tag[1] || !ATTRIBUTES.has(name)) return false;
      }
    }
    return true;
  };

  // A fresh copy of a parsed (inert) element, made of allowed elements and attributes only.
  const rebuild = (source, budget) => {
    budget.left -= 1;
    if (budget.left < 0 || !TAGS.has(source.tagName)) throw invalid();
    const copy = document.createElement(source.tagName.toLowerCase());
    for (const { name, value } of source.attributes) {
      const allowed = ATTRIBUTES.get(name);
      if (!allowed || !allowed.test(value)) throw invalid();
      copy.setAttribute(name, value);
    }
    for (const child of source.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) copy.append(child.data);
      else if (child.nodeType === Node.ELEMENT_NODE) copy.append(rebuild(child, budget));
      else throw invalid();
    }
    return copy;
  };

  const wholeNumber = (value) => Number.isInteger(value) && value >= 0 && value <= 1000;

  // The stored snapshot and its board, rebuilt; null when there is none or it is not valid.
  const readSnapshot = () => {
    let text = null;
    try {
      text = localStorage.getItem(SNAPSHOT_KEY);
    } catch {
      return null; // storage disabled: the static board stays
    }
    if (typeof text !== "string" || text.length > MAX_SNAPSHOT_CHARS) return null;
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      return null;
    }
    if (!data || typeof data !== "object" || data.v !== SNAPSHOT_VERSION) return null;
    const { game, lang, html, code, score, moves, time } = data;
    if (typeof game !== "string" || !game || game.length > 2000) return null;
    if (langOf(lang) !== lang || typeof html !== "string") return null;
    if (typeof code !== "string" || code.length > 300 || !wholeNumber(score)) return null;
    if (!wholeNumber(moves) || typeof time !== "string" || !TIME_TEXT.test(time)) return null;
    if (!screened(html)) return null;
    // A <template> parses without running or loading anything; only a copy is shown.
    const template = document.createElement("template");
    template.innerHTML = html;
    const parsed = template.content;
    if (parsed.childNodes.length !== 1 || parsed.firstChild.nodeType !== Node.ELEMENT_NODE) {
      return null;
    }
    let board = null;
    try {
      board = rebuild(parsed.firstChild, { left: MAX_ELEMENTS });
    } catch {
      return null;
    }
    if (!board.classList.contains("hm-board")) return null;
    if (board.querySelectorAll(".hm-place").length !== PLACE_COUNT) return null;
    return { game, lang, code, score, moves, time, board };
  };

  let paintedGame = null;
  let taps = [];
  const container = page === "game" ? document.getElementById("board") : null;
  // The deal whose cards the build wrote on the game page: what a first visit is dealt.
  const firstDeal = container ? container.getAttribute("data-deal") : null;
  const dealCode = (value) => String(value || "").trim().toUpperCase();

  const onTap = (event) => {
    const target = event.target;
    const card = target instanceof Element ? target.closest("button[data-place]") : null;
    if (!card || !container.contains(card) || card.disabled) return;
    if (taps.length >= MAX_EARLY_TAPS) return;
    taps.push(card.getAttribute("data-place"));
    card.classList.add("hm-tapped");
  };

  const setText = (id, text) => {
    const element = document.getElementById(id);
    if (element) element.textContent = text;
  };

  // Only over the board the page was built with (never over Python's), when the address asks
  // for no other game (app.py opens ?deal=, the stored game when it is of that deal; a
  // position is never the game page's) and no other language than the snapshot's. Otherwise
  // the built board stays, with the labels' room if the player's board has labels.
  let shownLang = langOf(params.get("lang"));
  const unmounted = container && container.querySelector(":scope > .hm-board.hm-early");
  const snapshot = unmounted ? readSnapshot() : null;
  // A game other than the first deal: a link's, or the stored one (whose snapshot may be gone).
  const linkedDeal = params.has("deal") ? dealCode(params.get("deal")) : null;
  let storedGame = false;
  try {
    storedGame = localStorage.getItem(GAME_KEY) !== null;
  } catch {
    storedGame = false;
  }
  if (snapshot) {
    const sameDeal = linkedDeal !== null && linkedDeal === snapshot.game.split(" ")[0];
    const shown = snapshot.board.querySelector(".hm-card") !== null; // a won game's is empty
    const otherGame = (params.has("deal") && !(sameDeal && shown)) || params.has("position")
      || params.has("daily");
    if (!otherGame && (!shownLang || shownLang === snapshot.lang)) {
      snapshot.board.classList.add("hm-early");
      container.replaceChildren(snapshot.board);
      root.setAttribute("lang", snapshot.lang);
      setText("score", String(snapshot.score));
      setText("moves", String(snapshot.moves));
      setText("deal-code", snapshot.code);
      setText("time", snapshot.time);
      paintedGame = snapshot.game;
      shownLang = snapshot.lang;
      container.addEventListener("click", onTap);
    } else if (snapshot.board.classList.contains("hm-labels")) {
      unmounted.classList.add("hm-labels"); // the player's board has labels: their room too
    }
  }
  if (unmounted && paintedGame === null) {
    const opensOther = (linkedDeal !== null && linkedDeal !== firstDeal)
      || params.has("position") || params.has("daily") || storedGame;
    if (opensOther || !firstDeal) {
      // Not the game Python will show: face down (its cards stay for the board's size).
      unmounted.classList.replace("hm-early", "hm-static");
      unmounted.setAttribute("aria-hidden", "true");
    } else {
      // A first visit: the first deal, as Python will show it; taps on it are kept too.
      root.setAttribute("lang", pageLang);
      setText("deal-code", firstDeal);
      shownLang = pageLang;
      paintedGame = firstDeal;
      container.addEventListener("click", onTap);
    }
  }

  // Python's side (halfmoon_web/game_page/app.py): the game the painted board showed, the places tapped
  // on it in order, and the place of the card that has the keyboard focus, as JSON; the queue
  // is emptied and no further tap is recorded.
  window.halfmoonEarly = Object.freeze({
    take() {
      if (container) container.removeEventListener("click", onTap);
      // The board as Python draws it, so that it adopts it; it plays the taps at once.
      for (const card of document.querySelectorAll("#board .hm-tapped")) {
        card.classList.remove("hm-tapped");
      }
      const active = document.activeElement;
      const focused = paintedGame && active && container.contains(active)
        ? active.getAttribute("data-place")
        : null;
      const taken = JSON.stringify({ game: paintedGame, taps, focus: focused });
      paintedGame = null;
      taps = [];
      return taken;
    },
  });

  // -- 2. the loading note -------------------------------------------------------------------
  // Written once, a moment after the document is parsed, so that it reaches assistive
  // technology as a change of the status line (its one message); in the language of the
  // painted board, or of the address, when known.
  const note = document.querySelector(".boot-note");
  const announce = () => {
    if (!note || !note.isConnected || root.hasAttribute("data-error")) return;
    const message = note.cloneNode(true);
    message.removeAttribute("aria-hidden");
    const own = shownLang ? message.querySelector(`[lang="${shownLang}"]`) : null;
    if (own) message.replaceChildren(own);
    note.replaceWith(message);
  };
  setTimeout(announce, 50); // this script is deferred: the document is parsed by now

  // The rules page shows the text of the language Python will choose
  // (halfmoon_web/rules_page/rules_app.py) at once: nothing moves when it starts.
  if (page === "rules") {
    shownLang = pageLang; // the loading note too
    root.setAttribute("lang", pageLang);
    root.setAttribute("data-lang", pageLang);
    for (const button of document.querySelectorAll("[data-set-lang]")) {
      const pressed = button.getAttribute("data-set-lang") === pageLang;
      button.setAttribute("aria-pressed", pressed ? "true" : "false");
    }
  }

  // The embed's face-down board takes the labels' room when the address asks for labels.
  if (page === "embed" && params.get("labels") === "1") {
    const board = document.querySelector("#board > .hm-static");
    if (board) board.classList.add("hm-labels");
  }
  // The runtime's scripts and preloads wait, inert, in a <template> (web/build.py's
  // RUNTIME_HEAD) until they start here: right away on a visit the service worker serves (its
  // files are at hand), else right after the first paint, which they never delay (on a first
  // visit they would compete with the page's own files); a framed embed's once the frame comes
  // near the viewport (a page may hold many embeds: only those in view start).
  // Once the first paint is on screen with the court cards' pictures the page preloads
  // (web/page_head.py): that paint is the page's largest, and nothing the runtime downloads
  // (several MB) can come before it or hold it back.
  function afterFirstPaint(then) {
    const art = [...document.querySelectorAll('link[rel="preload"][as="image"]')].map(
      (link) => new Promise((done) => {
        link.addEventListener("load", done);
        link.addEventListener("error", done);
        if (performance.getEntriesByName(link.href).length) done(); // in already
      }),
    );
    const painted = new Promise((done) => {
      const types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
      if (!types.includes("paint")) {
        requestAnimationFrame(() => setTimeout(done, 0));
        return;
      }
      const seen = new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        seen.disconnect();
        done();
      });
      seen.observe({ type: "paint", buffered: true });
    });
    // A picture that came after the first paint is painted in the next frame: one more.
    const nextFrame = (done) => requestAnimationFrame(() => requestAnimationFrame(done));
    Promise.all([painted, ...art]).then(() => nextFrame(() => setTimeout(then, 0)));
  }
  const lazyRuntime = document.getElementById("runtime-start");
  if (lazyRuntime instanceof HTMLTemplateElement) {
    let observer = null;
    const startRuntime = () => {
      if (observer) observer.disconnect();
      if (!lazyRuntime.isConnected) return;
      lazyRuntime.replaceWith(lazyRuntime.content.cloneNode(true));
    };
    const framed = window.self !== window.top;
    // Reading navigator.serviceWorker throws where the browser refuses it (a sandboxed
    // frame, blocked site data): then no worker serves this page.
    const servedByWorker = () => {
      try {
        return Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);
      } catch {
        return false;
      }
    };
    if (page === "embed" && framed && "IntersectionObserver" in window) {
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) startRuntime();
        },
        { rootMargin: "50% 0px" }, // half a viewport ahead (same-origin pages; else in view)
      );
      observer.observe(document.documentElement);
    } else if (servedByWorker()) {
      startRuntime();
    } else if (document.visibilityState === "hidden") {
      startRuntime(); // a page opened in the background paints nothing: nothing to wait for
    } else {
      afterFirstPaint(startRuntime);
      setTimeout(startRuntime, 3000); // whatever became of the paint
    }
  }

  // Opened as a page of its own, not in a frame: the heading and the link to play take their
  // room at once (halfmoon_web/embed_page/embed_app.py writes their text), so nothing moves then.
  if (page === "embed" && window.self === window.top) {
    document.body.classList.add("embed-standalone");
    const links = document.getElementById("embed-links");
    if (links) links.hidden = false;
  }
})();
