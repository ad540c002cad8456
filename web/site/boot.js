// Half Moon boot helper: the little that Python cannot do for itself.
// 1. If PyScript or Pyodide fails to start (a runtime file missing, a script error, Python
//    raising before the page is ready), mark <html data-error="..."> and show the message,
//    so the player never faces a blank page. Python itself reports the failures it can catch
//    (see main.py); this file catches the ones that happen before or around Python.
// 2. Keep PyScript within the Content-Security-Policy (no 'unsafe-eval'): on the main thread
//    PyScript 0.7 compiles its default *worker* hook with Function() while it sets up each
//    <script type="py">. The app runs no Python worker, so that hook is dropped first.
// 3. Register the service worker only once <html data-ready> is set, so that its precaching
//    does not compete with the runtime download on the first visit.
"use strict";

(() => {
  const root = document.documentElement;

  const started = () => root.hasAttribute("data-ready") || root.hasAttribute("data-error");

  const fail = (message) => {
    if (started()) return;
    const text = String(message || "unknown error").trim();
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

  // Any runtime file (under vendor/) or Python file answered with an HTTP error status.
  if ("PerformanceObserver" in window) {
    const runtime = /\/vendor\/|\.py$|\/pyscript\.json$/;
    const watchFiles = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const url = entry.name.split("?")[0];
        if (entry.responseStatus >= 400 && runtime.test(url)) {
          fail(`could not load ${url} (HTTP ${entry.responseStatus})`);
        }
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

  // The same module instance as <script type="module" id="pyscript-core">, once it has run.
  const core = document.getElementById("pyscript-core");
  if (core) {
    import(core.src)
      .then(({ hooks }) => hooks.worker.onBeforeRunAsync.clear())
      .catch((error) => fail(`could not load ${core.src}: ${error.message || error}`));
  }

  // The service worker, once the app is ready.
  const registerWorker = () => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("./sw.js").catch((error) => {
      console.warn("Half Moon: offline support unavailable:", error);
    });
  };
  const whenReady = new MutationObserver(() => {
    if (root.hasAttribute("data-ready")) {
      whenReady.disconnect();
      registerWorker();
    }
  });
  if (root.hasAttribute("data-ready")) registerWorker();
  else whenReady.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
