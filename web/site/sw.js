// Half Moon service worker: the game works offline after the first visit, and a page always
// runs the HTML, config, Python and runtime of one build (docs/deploys.md).
//
// * Install precaches this build: its own files (pages, app/<build-id>/, icons) in a cache
//   named after the build, the runtime (vendor/) in a cache named after a hash of the runtime
//   files, shared by the builds that use the same runtime and taken from there when present.
// * The new worker does not take over by itself: it waits while a page of the old build is
//   open. A page that has started asks it to take over when that page is the only one open
//   (then the next load runs the new build), or when the player chooses "New version —
//   Reload". Taking over while the old pages are idle, never in the middle of a navigation:
//   Chromium was seen to stall a navigation that arrived while a new worker activated.
// * Pages are answered from this build's cache, so that what a page loads next is this build's.
//   Every other file is looked up in every Half Moon cache: an app file's URL names its build,
//   so a page of the previous build that is still starting finds its own files.
// * Activation drops the caches of older builds, but keeps the previous build's (a page of it
//   may still be open or starting) and the runtime it used.
"use strict";

const MANIFEST = /*PRECACHE*/ { "build": "dev", "cache": "halfmoon-app-dev", "files": [],
  "runtimeCache": "halfmoon-runtime-dev", "runtime": [] } /*END*/;
const APP_PREFIX = "halfmoon-app-";
const RUNTIME_PREFIX = "halfmoon-runtime-";
const SCOPE = new URL("./", self.location.href);
const href = (file) => new URL(file, SCOPE).href;
const OWN = new Set(MANIFEST.files.map(href));
const RUNTIME = new Set(MANIFEST.runtime.map(href));

/** Put into `cacheName` every file of `files` it does not hold yet: from another Half Moon
 * cache or the HTTP cache when `reuse` (files whose URL names their version), else fresh from
 * the server. A page must be this build's own (its build meta tag): a deployment made while we
 * install would otherwise slip its page into our cache, and the install fails instead. */
const fill = async (cacheName, files, reuse) => {
  const cache = await caches.open(cacheName);
  await Promise.all(files.map(async (file) => {
    if (await cache.match(href(file))) return;
    const known = reuse && (await caches.match(href(file)));
    if (known) return cache.put(href(file), known);
    const response = await fetch(new Request(href(file), { cache: reuse ? "default" : "no-cache" }));
    if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
    if (file.endsWith(".html")) {
      const text = await response.clone().text();
      if (!text.includes(`<meta name="halfmoon-build" content="${MANIFEST.build}">`)) {
        throw new Error(`${file} is not of build ${MANIFEST.build}: a newer deployment?`);
      }
    }
    await cache.put(href(file), response);
  }));
};

self.addEventListener("install", (event) => {
  // An install that fails leaves no worker behind: the browser tries the newest sw.js later.
  event.waitUntil(Promise.all([
    fill(MANIFEST.runtimeCache, MANIFEST.runtime, true),
    fill(MANIFEST.cache, MANIFEST.files, false),
  ]));
});

/** Drop the caches of every build but this one and the newest other one (caches.keys() lists
 * caches in the order they were made). */
const prune = async () => {
  const names = await caches.keys();
  for (const [prefix, current] of [[APP_PREFIX, MANIFEST.cache], [RUNTIME_PREFIX, MANIFEST.runtimeCache]]) {
    const others = names.filter((name) => name.startsWith(prefix) && name !== current);
    for (const name of others.slice(0, -1)) await caches.delete(name);
  }
  // Caches of the first service worker (before builds had their own folders).
  for (const name of names) {
    if (/^halfmoon-[0-9a-f]+$/.test(name)) await caches.delete(name);
  }
};

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    await prune();
    // The first visit: let the page that installed us use the cache at once (offline next).
    // After an update the old worker's pages are ours already; claiming them again while a
    // navigation waits for this activation can stall that navigation in Chromium.
    const controlled = await self.clients.matchAll({ type: "window" });
    if (controlled.length === 0) await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  // skipWaiting() is called, not awaited inside waitUntil(): activation waits for the old
  // worker's pending events.
  const ask = event.data && event.data.type;
  if (ask === "take-over") {
    self.skipWaiting(); // the player chose "New version — Reload"
  } else if (ask === "take-over-if-alone") {
    // A page that has started asks; if no other page of ours is open, nothing of the old build
    // can still need the old worker, and the next load runs the new build.
    const windows = self.clients.matchAll({ type: "window", includeUncontrolled: true });
    event.waitUntil(windows.then((found) => {
      if (found.length <= 1) self.skipWaiting();
    }));
  }
});

// The URL a request stands for: the query is ignored (index.html?deal=...), a folder means its
// index.html, and /name means /name.html (as on Netlify).
const keyOf = (request) => {
  const url = new URL(request.url);
  let key = url.origin + url.pathname;
  if (key.endsWith("/")) key += "index.html";
  if (!OWN.has(key) && request.mode === "navigate" && OWN.has(key + ".html")) key += ".html";
  return key;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  const key = keyOf(request);
  event.respondWith((async () => {
    const cached = OWN.has(key)
      ? await caches.match(key, { cacheName: MANIFEST.cache })
      : RUNTIME.has(key)
        ? await caches.match(key, { cacheName: MANIFEST.runtimeCache })
        : null;
    return cached || (await caches.match(key)) || fetch(request);
  })());
});
