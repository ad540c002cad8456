// Half Moon service worker: every published file is precached under a cache named after a
// hash of their contents (filled in by web/build.py), then served cache-first, so the game
// works offline after the first visit. A new build gets a new cache; old ones are dropped.
"use strict";

const MANIFEST = /*PRECACHE*/ { "cache": "halfmoon-dev", "files": [] } /*END*/;
const PREFIX = "halfmoon-";
const SCOPE = new URL("./", self.location.href);
const PRECACHED = new Set(MANIFEST.files.map((file) => new URL(file, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(MANIFEST.cache);
    // Revalidate with the server, so the cache never takes a stale copy from the HTTP cache;
    // the versioned runtime under vendor/ never changes, any copy of it will do.
    const request = (file) =>
      new Request(file, { cache: file.startsWith("vendor/") ? "default" : "no-cache" });
    await cache.addAll(MANIFEST.files.map(request));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== MANIFEST.cache) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The precached URL a request stands for, if any: the query is ignored (index.html?deal=...),
// a folder means its index.html, and /name means /name.html (as on Netlify).
const precachedKey = (request) => {
  const url = new URL(request.url);
  let key = url.origin + url.pathname;
  if (key.endsWith("/")) key += "index.html";
  if (!PRECACHED.has(key) && request.mode === "navigate") key += ".html";
  return PRECACHED.has(key) ? key : null;
};

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const key = precachedKey(event.request);
  if (!key) return;
  event.respondWith((async () => {
    const cached = await caches.match(key, { cacheName: MANIFEST.cache });
    return cached || fetch(event.request);
  })());
});
