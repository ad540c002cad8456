// Half Moon's start guard: every start of a page ends, ready or saying why (docs/startup.md,
// "A start that always ends"; docs/deploys.md, "Repair"). web/build.py writes this file inline as
// the first script of every page's <head> (its hash is in the CSP, web/site_headers.py), so it
// runs as soon as the page's HTML does, whichever other file of the page fails to load.
// 1. A failed start is marked <html data-error="what failed"> and told in #boot-error, in the
//    page's language, with a "Repair and reload" button: a file that does not load (at once, at
//    the first failed or cut-off download), a script or Python error, or no progress at all for
//    STALL_MS (no file finished loading, no start-up stage reached).
// 2. A start that fails on a file the service worker served from its cache first asks the
//    worker to check its caches against the build's manifest; a damaged entry is dropped and
//    the page loads once more, its files from the network (sessionStorage remembers the try).
// 3. Repair (any element marked data-repair: the start error's button, the Settings panel's
//    link) drops this site's Cache Storage caches and service-worker registrations, never
//    localStorage (the saved game), and reloads. Pressed again for the same failure at the same
//    address (the reload failed the same way: the address itself may be what fails), it loads
//    the page without its query instead, so Repair never reloads into the same failure twice.
"use strict";

(() => {
  const root = document.documentElement;
  /** A start with no progress for this long has failed (docs/deploys.md says why 20 s). */
  const STALL_MS = 20000;
  // How long a page that a service worker controls waits, on a failure, for a new build's
  // worker to take it over (see unlessTakeover below).
  const TAKEOVER_GRACE_MS = 1500;
  // How long each of the guard's own fetches may take (a module preload's second try, then the
  // check that the server answers): a server that dies mid-answer can leave one hanging, and
  // the start must still end, told as the file it is, the two within STALL_MS.
  const FETCH_MS = STALL_MS / 2;
  const bounded = () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), FETCH_MS);
    return stop.signal;
  };
  // Its sessionStorage keys and the settings' key, as halfmoon_web/storage/storage.py names
  // them (filled in by the build: web/shared_facts.py).
  const RETRIED_BUILD = %RETRIED_BUILD_KEY%;
  const RETRIED_CRASH = %RETRIED_CRASH_KEY%;
  const SELF_REPAIRED = %SELF_REPAIRED_KEY%;
  const REPAIRED_FAILURE = %REPAIRED_FAILURE_KEY%;
  const SETTINGS_KEY = %SETTINGS_KEY%;
  // Its texts in every language, from the catalogs (web/locale; docs/i18n.md), filled in by
  // the build: {seconds} in the stall's is STALL_MS.
  const TEXTS = %START_GUARD_TEXTS%;

  // The page's service workers; null where a page may have none (an opaque frame throws).
  const workers = (() => {
    try {
      return navigator.serviceWorker || null;
    } catch {
      return null;
    }
  })();
  const done = () => root.hasAttribute("data-ready") || root.hasAttribute("data-error");
  const session = (key, value) => {
    try {
      if (value === undefined) return sessionStorage.getItem(key);
      if (value === null) sessionStorage.removeItem(key);
      else sessionStorage.setItem(key, value);
    } catch {
      return "blocked"; // no session storage (a blocked frame): no automatic retry
    }
    return null;
  };
  const reload = () => {
    root.setAttribute("data-reloading", "");
    location.reload();
  };

  // -- the page's language ------------------------------------------------------------------
  // Chosen as Python chooses it (halfmoon_web/shared/i18n.py's choose_language; docs/i18n.md,
  // "The page's language"): the address's ?lang=, else the language of the game's settings
  // (not on the embed, which never reads storage), else the browser's first language there is
  // a catalog of, else the default. The languages and the default are Python's (i18n.py's
  // LANGS and DEFAULT_LANG), filled in by the build; early.js asks here too (halfmoonLang).
  const LANGS = %LANGS%;
  const DEFAULT_LANG = %DEFAULT_LANG%;
  // The language of a language tag ("pt-BR" is "pt"), as i18n.py's normalise_lang reads it;
  // null for a language there is no catalog of.
  const langOf = (value) => {
    const base = String(value || "").trim().toLowerCase().split(/[-_]/)[0];
    return LANGS.includes(base) ? base : null;
  };
  // The settings' language: only one of LANGS as it is (model/settings.py refuses others).
  const savedLang = () => {
    try {
      const settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "null");
      return settings && LANGS.includes(settings.lang) ? settings.lang : null;
    } catch {
      return null; // storage disabled, or a value Python will tell about
    }
  };
  const pageLang = () => {
    const page = document.body ? document.body.getAttribute("data-page") : null;
    const browser = navigator.languages && navigator.languages.length
      ? navigator.languages
      : [navigator.language];
    const url = new URLSearchParams(location.search).get("lang");
    for (const choice of [url, page === "embed" ? null : savedLang(), ...browser]) {
      if (langOf(choice)) return langOf(choice);
    }
    return DEFAULT_LANG;
  };
  window.halfmoonLang = Object.freeze({ of: langOf, chosen: pageLang });

  // -- 1. failing, and telling it -----------------------------------------------------------
  let kind = "error";
  let stalled = false;

  // A file of the app or the runtime (under app/<build-id>/ or vendor/) that does not load
  // while the server still answers for the page: a deployment replaced the build while the
  // page was starting (its files are gone), or a download failed on the way. Loading the page
  // again, once, gets the build whole (docs/deploys.md). A server that does not answer is
  // told, never reloaded into the browser's own error page.
  const mayRetryBuild = (text) => /\/(app\/[0-9a-f]+|vendor)\//.test(text) && !session(RETRIED_BUILD);
  const serverAnswers = () =>
    fetch(location.href, { method: "HEAD", cache: "no-store", signal: bounded() })
      .then((r) => r.ok, () => false);

  // A WebAssembly trap while the runtime starts (WebKitGTK's "Out of bounds memory access" in
  // Pyodide's own start, now and then, on a load that the next one passes): the runtime
  // crashed, not a file or the game's code. The page loads once more at once, then tells it
  // (docs/startup.md, "A start that always ends").
  // (By its name too: an error of another realm, or one Pyodide passed on, is no instance.)
  const crashed = (value) =>
    Boolean(value) && value.name === "RuntimeError" && typeof value.message === "string" &&
    !done() && !root.hasAttribute("data-reloading") && !session(RETRIED_CRASH);
  const retryCrash = (value) => {
    console.warn(`Half Moon: the runtime crashed as it started; loading the page once more (${value})`);
    session(RETRIED_CRASH, "1");
    reload();
  };

  // The first file of the app or the runtime answered with an HTTP error status, if any: the
  // cause of whatever failed next (a Python error, a rejected promise), so it is what is told.
  const runtimeFile = /\/vendor\/|\/app\/|\.py$/;
  const missingFile = (entries = performance.getEntriesByType("resource")) => {
    for (const entry of entries) {
      const url = entry.name.split("?")[0];
      if (entry.responseStatus >= 400 && runtimeFile.test(url)) {
        return `could not load ${url} (HTTP ${entry.responseStatus})`;
      }
    }
    return null;
  };

  let asking = false;
  const fail = (why, message) => {
    if (done() || asking || root.hasAttribute("data-reloading")) return;
    const missing = missingFile();
    // A traceback's last line names the exception, which is what the player needs.
    const lines = String(message || "unknown error").split("\n").filter((line) => line.trim());
    const text = missing || (lines.length ? lines[lines.length - 1].trim() : "unknown error");
    const failed = () => {
      if (done() || root.hasAttribute("data-reloading")) return;
      kind = missing ? "file" : why;
      stalled = why === "stall";
      root.setAttribute("data-error", text); // then tell() (the observer below)
    };
    const fileFailed = why === "file" || missing !== null; // not a stall, not Python's own
    if (!(fileFailed && mayRetryBuild(text))) return unlessTakeover(failed);
    asking = true;
    serverAnswers().then((up) => {
      asking = false;
      if (done()) return;
      if (!up) return failed();
      session(RETRIED_BUILD, "1");
      reload();
    });
  };

  // A file that fails while a new build's worker takes this page over fails because of the
  // takeover (the old worker leaves mid-answer), and boot.js loads the page again at the change
  // of controller (docs/deploys.md). So a page that a worker controls waits a moment for that
  // change before it tells; the change's reload marks the page data-reloading.
  const unlessTakeover = (tellNow) => {
    if (!(workers && workers.controller)) return tellNow();
    const changed = () => setTimeout(tellNow, 0); // after boot.js's own listener
    workers.addEventListener("controllerchange", changed, { once: true });
    setTimeout(() => {
      workers.removeEventListener("controllerchange", changed);
      tellNow();
    }, TAKEOVER_GRACE_MS);
  };

  // The message box: the page's own (#boot-error), or one made here when the page's HTML was
  // cut off before it.
  const box = () => {
    let found = document.getElementById("boot-error");
    if (!found) {
      found = document.createElement("div");
      found.id = "boot-error";
      found.className = "boot-error";
      found.setAttribute("role", "alert");
      const detail = document.createElement("p");
      detail.id = "boot-error-detail";
      detail.className = "boot-error-detail";
      const button = document.createElement("button");
      button.type = "button";
      button.setAttribute("data-repair", "");
      found.append(detail, button);
      (document.body || root).append(found);
    }
    return found;
  };

  const tell = () => {
    const lang = pageLang();
    const texts = TEXTS[lang];
    const shown = box();
    shown.setAttribute("lang", lang);
    for (const line of shown.querySelectorAll("[lang]")) line.hidden = line.getAttribute("lang") !== lang;
    let reason = shown.querySelector(".boot-error-reason");
    if (!reason) {
      reason = document.createElement("p");
      reason.className = "boot-error-reason";
      shown.insertBefore(reason, shown.querySelector(".boot-error-detail"));
    }
    // In a sandboxed frame (an opaque origin) a file that does not load is refused by the
    // site's headers (no CORS), not lost on the way: say so (docs/hosting.md, "Embedding on
    // another site").
    const sandboxed = kind === "file" && self.origin === "null";
    const why = (texts[kind] || texts.error).replace("{seconds}", String(STALL_MS / 1000));
    reason.textContent = sandboxed
      ? `${texts.sandboxed} ${texts.sandboxHelp}`
      : `${why} ${texts.help}`;
    const detail = shown.querySelector(".boot-error-detail");
    if (detail) detail.textContent = root.getAttribute("data-error");
    for (const button of shown.querySelectorAll("[data-repair]")) button.textContent = texts.repair;
  };

  // A runtime file that does not load (a failed or cut-off download, an HTTP error). Load
  // errors do not bubble: listen in the capture phase. The preloads matter: Pyodide itself only
  // logs a warning when its wasm fails and then waits for ever, but the preload fires "error".
  addEventListener("error", (event) => {
    const target = event.target;
    if (event instanceof ErrorEvent) {
      if (crashed(event.error)) retryCrash(event.error);
      else fail("error", event.message || event.error);
    } else if (target && target.tagName === "SCRIPT") {
      fail("file", `could not load ${target.src}`);
    } else if (target && target.tagName === "LINK" && /modulepreload/.test(target.rel)) {
      if (done()) return; // a page that has started (or failed) has nothing to check
      // Chromium aborts a module preload still in flight now and then (net::ERR_ABORTED,
      // right as the page finishes parsing, its link still in the page), and the module's
      // import then loads it again: only a file that really does not load, whole and within
      // FETCH_MS, fails the start (docs/testing.md, "An aborted module preload").
      const href = target.href;
      fetch(href, { signal: bounded() })
        .then((answer) => (answer.ok ? answer.arrayBuffer() : Promise.reject()))
        .catch(() => fail("file", `could not load ${href}`));
    } else if (target && target.tagName === "LINK" && /preload|stylesheet/.test(target.rel)) {
      fail("file", `could not load ${target.href}`);
    }
  }, true);

  // The Python worker's start failing (applier.mjs), told as a file or an error.
  document.addEventListener("halfmoon:failed", (event) => {
    event.preventDefault(); // the guard tells it
    fail(event.detail.why, event.detail.message);
  });

  // Pyodide or PyScript rejecting a promise during start-up (e.g. a failed fetch).
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    if (crashed(reason)) return retryCrash(reason);
    fail("error", (reason && (reason.message || reason.toString())) || reason);
  });

  // Progress: a file finished loading (or answered an HTTP error status: told at once), a
  // start-up stage reached. No progress for STALL_MS fails the start.
  let lastProgress = performance.now();
  const progress = () => {
    lastProgress = performance.now();
  };
  let watchFiles = null;
  if ("PerformanceObserver" in window) {
    watchFiles = new PerformanceObserver((list) => {
      progress();
      const missing = missingFile(list.getEntries());
      if (missing) fail("file", missing);
    });
    try {
      watchFiles.observe({ type: "resource", buffered: true });
    } catch {
      watchFiles = null;
    }
  }
  document.addEventListener("halfmoon:stage", progress);
  // What the page asked for and has not got: said when the start stalls. So is what the Python
  // worker asked for and has not got (applier.mjs keeps its list: docs/worker.md).
  const pending = () => {
    const loaded = new Set(performance.getEntriesByType("resource").map((entry) => entry.name));
    const wanted = [...document.querySelectorAll("script[src], link[rel~='preload'], link[rel~='modulepreload']")]
      .map((element) => element.src || element.href);
    const worker = Array.isArray(window.halfmoonWorkerWaits) ? window.halfmoonWorkerWaits : [];
    return [...new Set([...wanted.filter((url) => !loaded.has(url)), ...worker])];
  };
  const watchdog = setInterval(() => {
    if (done()) return clearInterval(watchdog);
    // The runtime waits, inert, in early.js's <template id="runtime-start"> until it is asked
    // for (an embed far from the viewport: docs/startup.md, "Start order"): not a stall.
    if (document.getElementById("runtime-start") instanceof HTMLTemplateElement) progress();
    if (performance.now() - lastProgress < STALL_MS) return;
    const stage = root.getAttribute("data-boot-stage") || "page";
    const waiting = pending();
    const wait = waiting.length ? `; waiting for ${waiting.join(", ")}` : "";
    fail("stall", `no progress for ${STALL_MS / 1000} s (stage ${stage})${wait}`);
  }, 1000);

  // PyScript reports Python errors (and config errors) as .py-error nodes in the body.
  const watchErrors = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          fail("error", node.textContent);
        }
      }
    }
  });
  document.addEventListener("DOMContentLoaded", () => {
    if (!done()) watchErrors.observe(document.body || root, { childList: true, subtree: true });
  });

  // -- 2. a damaged cache repairs itself, once ------------------------------------------------
  // The worker's answer: the files of its caches that were not the build's (dropped).
  const checkCaches = (controller) => new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve([]), 10000); // a worker of an older build: no answer
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve((event.data && event.data.purged) || []);
    };
    controller.postMessage({ type: "check-caches" }, [channel.port2]);
  });
  const selfRepair = async () => {
    const controller = workers && workers.controller;
    if (!controller || session(SELF_REPAIRED) || root.hasAttribute("data-error-input")) return false;
    root.setAttribute("data-checking", "");
    const purged = await checkCaches(controller);
    root.removeAttribute("data-checking");
    if (!purged.length || session(SELF_REPAIRED)) return false;
    session(SELF_REPAIRED, purged.join(" "));
    reload();
    return true;
  };
  if (workers) {
    // The worker found the file it served damaged (the runtime's wasm: Pyodide would wait for
    // ever): load once more at once, else say so.
    workers.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type !== "damaged" || done() || root.hasAttribute("data-reloading")) return;
      if (session(SELF_REPAIRED)) {
        fail("damaged", `damaged in the cache: ${data.file}`);
      } else {
        session(SELF_REPAIRED, String(data.file));
        reload();
      }
    });
    workers.startMessages();
  }

  let told = false;
  const onAttributes = () => {
    if (root.hasAttribute("data-ready") && stalled && root.hasAttribute("data-error")) {
      // A slow start that ends after all: the stall was no failure.
      stalled = false;
      told = false;
      root.removeAttribute("data-error");
    }
    if (root.hasAttribute("data-ready") && !root.hasAttribute("data-error")) {
      clearInterval(watchdog);
      if (watchFiles) watchFiles.disconnect();
      watchErrors.disconnect();
      session(RETRIED_BUILD, null);
      session(RETRIED_CRASH, null);
      session(SELF_REPAIRED, null);
      session(REPAIRED_FAILURE, null);
      return;
    }
    if (root.hasAttribute("data-error") && !told && !root.hasAttribute("data-reloading")) {
      told = true;
      selfRepair().then((reloading) => reloading || tell());
    }
  };
  new MutationObserver(onAttributes).observe(root, {
    attributes: true,
    attributeFilter: ["data-ready", "data-error"],
  });
  new MutationObserver(progress).observe(root, { attributes: true, attributeFilter: ["data-boot-stage"] });

  // -- 3. Repair ----------------------------------------------------------------------------
  const repair = async () => {
    // The same failure at the same address as the last Repair's: that reload did not help.
    const failure = `${location.href}\n${root.getAttribute("data-error") || ""}`;
    const again = root.hasAttribute("data-error") && session(REPAIRED_FAILURE) === failure;
    session(REPAIRED_FAILURE, root.hasAttribute("data-error") ? failure : null);
    root.setAttribute("data-repairing", "");
    try {
      if (workers) await Promise.all((await workers.getRegistrations()).map((r) => r.unregister()));
    } catch {
      // nothing registered, or not allowed here: the caches still go
    }
    try {
      if (window.caches) await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
    } catch {
      // no Cache Storage here
    }
    session(RETRIED_BUILD, null);
    session(RETRIED_CRASH, null);
    session(SELF_REPAIRED, null);
    // Only the page's language is kept of its query.
    const lang = new URLSearchParams(location.search).get("lang");
    const plain = location.pathname + (lang ? `?lang=${encodeURIComponent(lang)}` : "");
    if (again && plain !== location.pathname + location.search) {
      root.setAttribute("data-reloading", "");
      location.replace(plain);
    } else {
      reload();
    }
  };
  document.addEventListener("click", (event) => {
    const target = event.target;
    if (target instanceof Element && target.closest("[data-repair]")) {
      event.preventDefault();
      repair();
    }
  });
})();
