// Half Moon boot helper: the little that Python cannot do for itself.
// 1. A start that fails is told by the start guard (start_guard.js, inline in every page, so
//    that it runs whichever file fails to load): see there.
// 2. (start.mjs, a module, keeps PyScript within the Content-Security-Policy; see there.)
// 3. Register the service worker once <html data-ready> is set, so that its precaching does
//    not compete with the runtime download on the first visit; take updates safely (below).
"use strict";

(() => {
  const root = document.documentElement;

  // The service worker and updates (docs/deploys.md). A new build's worker installs beside
  // the old one and waits. A started page keeps its build and shows the quiet offer "New
  // version — Reload" (#update-offer); if it is the only page open it also lets the new worker
  // take over, so that the next load runs the new build. "Reload" makes the new build run now.
  // None where the browser refuses them: reading the property throws in a sandboxed frame
  // and where site data is blocked, and may be undefined (docs/storage.md, "When saving fails").
  const workers = (() => {
    try {
      return navigator.serviceWorker || null;
    } catch {
      return null;
    }
  })();
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
    if (!workers || storageRefused()) return;
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
      registerWorker();
    }
  });
  if (root.hasAttribute("data-ready")) registerWorker();
  else whenReady.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
