// Half Moon boot helper: the little that Python cannot do for itself.
// 1. A start that fails is told by the start guard (start_guard.js, inline in every page, so
//    that it runs whichever file fails to load): see there.
// 2. (start.mjs, a module, keeps PyScript within the Content-Security-Policy; see there.)
// 3. Register the service worker once <html data-ready> is set, so that its precaching does
//    not compete with the runtime download on the first visit; take updates safely (below).
// 4. Say whether the game is available offline here: <html data-offline="ready|saving|
//    unavailable"> and, when unavailable, data-offline-why="insecure|storage|quota|install",
//    kept current, with the event "halfmoon-offline" on the document at each change (the game
//    page's Settings panel says it in words: halfmoon_web/game_page/parts/offline_view.py). The console
//    tells the site owner once why offline is not available (console.warn, never an error).
//    An install that failed is tried again at the next load, or after RETRY_MS.
"use strict";

(() => {
  const root = document.documentElement;

  // Offline here? (docs/deploys.md, "Available offline here?")
  const RETRY_MS = 10 * 60 * 1000;
  let warned = false;
  const offline = (state, why, detail, quiet) => {
    const same = root.getAttribute("data-offline") === state && root.getAttribute("data-offline-why") === (why || null);
    if (!same) {
      root.setAttribute("data-offline", state);
      if (why) root.setAttribute("data-offline-why", why);
      else root.removeAttribute("data-offline-why");
      document.dispatchEvent(new Event("halfmoon-offline"));
    }
    if (why && !warned && !quiet) {
      warned = true;
      const reasons = {
        insecure: "this page is not a secure context (it needs HTTPS, or localhost), so the browser gives it no service worker",
        storage: "the browser refused the service worker (site data blocked, or a private window)",
        quota: "the browser's storage quota for this site is smaller than the offline copy; tried again later",
        install: "saving the offline copy failed; tried again later",
      };
      console.warn(`Half Moon: offline play is not available: ${reasons[why]}.`, detail || "");
    }
  };

  // The service worker and updates (docs/deploys.md). A new build's worker installs beside
  // the old one and waits. A started page keeps its build and shows the quiet offer "New
  // version — Reload" (#update-offer); if it is the only page open it also lets the new worker
  // take over, so that the next load runs the new build. "Reload" makes the new build run now.
  // (Reading it throws a SecurityError in a sandboxed frame without allow-same-origin.)
  let workers = null;
  try {
    workers = "serviceWorker" in navigator ? navigator.serviceWorker : null;
  } catch {
    workers = null;
  }
  // Whether a worker controls this page: not yet on the first visit, until the first worker
  // claims it (that change of controller is no update: it serves this very build).
  let controlled = Boolean(workers && workers.controller);
  if (!window.isSecureContext) offline("unavailable", "insecure");
  else if (!workers) offline("unavailable", "storage", "no navigator.serviceWorker");
  else offline(controlled ? "ready" : "saving");
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
  let retry = null;
  const failed = (why, detail, quiet) => {
    if (workers.controller) return; // the build in control stays available offline
    offline("unavailable", why, detail, quiet);
    if (retry === null) {
      retry = setTimeout(() => {
        retry = null;
        registerWorker();
      }, RETRY_MS);
    }
  };
  // A worker being installed for a page that has no offline copy yet: ready when it is
  // installed, failed when it becomes redundant without (its message says why: below), unless
  // another worker of the registration replaced it (a newer sw.js).
  const followInstall = (worker, registration) => {
    if (!worker) return;
    worker.addEventListener("statechange", () => {
      const replaced = [registration.installing, registration.waiting, registration.active]
        .some((other) => other && other !== worker);
      if (worker.state === "installed" || worker.state === "activated") offline("ready");
      else if (worker.state === "redundant" && !replaced && root.getAttribute("data-offline") === "saving") {
        // The worker's message says why (it may come after this change); told if it does not.
        failed("install", "", true);
        setTimeout(() => {
          if (root.getAttribute("data-offline-why") === "install") failed("install", "the service worker's install failed");
        }, 5000);
      }
    });
  };
  if (workers) {
    workers.addEventListener("message", (event) => {
      const data = event.data || {};
      if (data.type === "install-failed") failed(data.reason === "quota" ? "quota" : "install", data.detail);
    });
    workers.addEventListener("controllerchange", () => {
      offline("ready");
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
  // Where the browser refuses this page its storage (site data blocked; a frame of another
  // site with third-party cookies blocked), it refuses a worker too, and Firefox reports the
  // refused registration as an error of the page: then none is asked for.
  const storageRefused = () => {
    try {
      return typeof localStorage.length !== "number";
    } catch {
      return true;
    }
  };
  const registerWorker = () => {
    if (!workers) return;
    if (storageRefused()) return offline("unavailable", "storage", "this page's storage is refused");
    workers.register("./sw.js")
      .then((registration) => {
        if (!registration) return failed("storage", "register() gave no registration");
        watchRegistration(registration);
        if (registration.active) offline("ready");
        else {
          offline("saving");
          followInstall(registration.installing || registration.waiting, registration);
          registration.addEventListener("updatefound", () => followInstall(registration.installing, registration));
          return undefined; // installing now: it is the newest build
        }
        return registration.update().catch((error) => {
          console.warn("Half Moon: update check failed:", error);
        });
      })
      .catch((error) => {
        failed(error && error.name === "SecurityError" ? "storage" : "install", error);
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
