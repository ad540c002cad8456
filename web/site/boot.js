// Half Moon boot helper: the little that Python cannot do for itself.
// 1. If PyScript or Pyodide fails to start (a runtime file missing, a script error, Python
//    raising before the page is ready), mark <html data-error="..."> and show the message,
//    so the player never faces a blank page. Python itself reports the failures it can catch
//    (see main.py); this file catches the ones that happen before or around Python.
// 2. (start.mjs, a module, keeps PyScript within the Content-Security-Policy; see there.)
// 3. Register the service worker once <html data-ready> is set, so that its precaching does
//    not compete with the runtime download on the first visit; take updates safely (below).
"use strict";

(() => {
  const root = document.documentElement;

  const started = () => root.hasAttribute("data-ready") || root.hasAttribute("data-error");

  // A file of this page's own build (under app/<build-id>/) that does not load, on a visit the
  // service worker does not serve: a deployment replaced the build while the page was
  // starting. Loading the page again, once, gets the new build whole (docs/deploys.md).
  const retriedKey = "halfmoon.retried-build";
  const retryOnce = (text) => {
    if (!/\/app\/[0-9a-f]+\//.test(text) || root.hasAttribute("data-reloading")) return false;
    try {
      if (sessionStorage.getItem(retriedKey)) return false;
      sessionStorage.setItem(retriedKey, "1");
    } catch {
      return false; // no session storage (a blocked frame): say what failed instead
    }
    root.setAttribute("data-reloading", "");
    location.reload();
    return true;
  };

  // The first file of the app or the runtime answered with an HTTP error status, if any: the
  // cause of whatever failed next (a Python error, a rejected promise), so it is what is told.
  const runtimeFile = /\/vendor\/|\/app\/|\.py$|\/pyscript\.json$/;
  const missingFile = (entries = performance.getEntriesByType("resource")) => {
    for (const entry of entries) {
      const url = entry.name.split("?")[0];
      if (entry.responseStatus >= 400 && runtimeFile.test(url)) {
        return `could not load ${url} (HTTP ${entry.responseStatus})`;
      }
    }
    return null;
  };

  const fail = (message) => {
    if (started()) return;
    const text = missingFile() || String(message || "unknown error").trim();
    if (retryOnce(text)) return;
    root.setAttribute("data-error", text);
    const detail = document.getElementById("boot-error-detail");
    if (detail) detail.textContent = text;
  };

  // A runtime file that does not load. Load errors do not bubble: listen in the capture phase.
  // The preloads matter: Pyodide itself only logs a warning when its wasm fails and then
  // waits for ever, but the <link rel="preload"> of the same file fires "error".
  addEventListener("error", (event) => {
    const target = event.target;
    if (event instanceof ErrorEvent) {
      fail(event.message || event.error);
    } else if (target && target.tagName === "SCRIPT") {
      fail(`could not load ${target.src}`);
    } else if (target && target.tagName === "LINK" && /preload/.test(target.rel)) {
      fail(`could not load ${target.href}`);
    }
  }, true);

  // Any runtime file (under vendor/ or app/) or Python file answered with an HTTP error status.
  if ("PerformanceObserver" in window) {
    const watchFiles = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const missing = missingFile([entry]);
        if (missing) fail(missing);
      }
      if (started()) watchFiles.disconnect();
    });
    watchFiles.observe({ type: "resource", buffered: true });
  }

  // Pyodide or PyScript rejecting a promise during start-up (e.g. the wasm is missing).
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    fail((reason && (reason.message || reason.toString())) || reason);
  });

  // PyScript reports Python errors (and config errors) as .py-error nodes in the body.
  const watchErrors = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          // A traceback: its last line names the exception, which is what the player needs.
          const lines = node.textContent.split("\n").filter((line) => line.trim());
          fail(lines[lines.length - 1]);
        }
      }
    }
  });
  watchErrors.observe(document.body || root, { childList: true, subtree: true });

  // The service worker and updates (docs/deploys.md). A new build's worker installs beside
  // the old one and waits. A started page keeps its build and shows the quiet offer "New
  // version — Reload" (#update-offer); if it is the only page open it also lets the new worker
  // take over, so that the next load runs the new build. "Reload" makes the new build run now.
  const workers = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  // Whether a worker controls this page: not yet on the first visit, until the first worker
  // claims it (that change of controller is no update: it serves this very build).
  let controlled = Boolean(workers && workers.controller);
  let reloadWanted = false;
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    // This document is going away, even if Python marks it ready in the meantime.
    root.setAttribute("data-reloading", "");
    location.reload();
  };
  const offerUpdate = () => {
    const offer = document.getElementById("update-offer");
    if (!offer) return;
    offer.hidden = false;
    root.setAttribute("data-update", "ready");
  };
  const watchRegistration = (registration) => {
    const waiting = registration.waiting;
    if (waiting && workers.controller) {
      offerUpdate();
      waiting.postMessage({ type: "take-over-if-alone" });
    }
    registration.addEventListener("updatefound", () => {
      const next = registration.installing;
      if (!next) return;
      next.addEventListener("statechange", () => {
        if (next.state === "installed" && workers.controller) {
          offerUpdate();
          next.postMessage({ type: "take-over-if-alone" });
        }
      });
    });
  };
  if (workers) {
    workers.addEventListener("controllerchange", () => {
      if (!controlled) {
        controlled = true;
        return;
      }
      if (reloadWanted || !root.hasAttribute("data-ready")) reload();
      else offerUpdate();
    });
    document.addEventListener("click", (event) => {
      if (!event.target.closest || !event.target.closest("#update-reload")) return;
      reloadWanted = true;
      workers.getRegistration().then((registration) => {
        const waiting = registration && registration.waiting;
        if (waiting) waiting.postMessage({ type: "take-over" }); // then controllerchange
        else reload(); // another page let the new build take over already
      }).catch(reload);
    });
  }

  // Register once the app is ready, so that precaching does not compete with the runtime
  // download on the first visit; then look for a newer build at once.
  const registerWorker = () => {
    if (!workers) return;
    workers.register("./sw.js")
      .then((registration) => {
        watchRegistration(registration);
        return registration.update();
      })
      .catch((error) => {
        console.warn("Half Moon: offline support or update check unavailable:", error);
      });
  };
  const whenReady = new MutationObserver(() => {
    if (root.hasAttribute("data-ready")) {
      whenReady.disconnect();
      try {
        sessionStorage.removeItem(retriedKey);
      } catch {
        // nothing was kept
      }
      registerWorker();
    }
  });
  if (root.hasAttribute("data-ready")) registerWorker();
  else whenReady.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
