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
// * Nothing damaged is cached or kept: what is cached must match the size and SHA-256 the build
//   wrote for it (MANIFEST.checks). A page whose start fails asks the worker to check its caches
//   ("check-caches"): damaged entries are dropped, and the next load fetches them again. The
//   runtime's wasm, whose damage Pyodide does not report, is checked each time it is served,
//   after the answer; damaged, it is dropped and the page told ("damaged"). start_guard.js is
//   the page's side (docs/deploys.md, "Damaged caches").
// * A page the host answered through a redirect (Cloudflare Pages' pretty URLs: /index.html ->
//   /, /rules.html -> /rules) is stored as a response of its own URL, made again from the body
//   and headers: a redirected response may not answer a navigation (docs/deploys.md,
//   "Hosts that redirect").
// * An install that fails deletes the caches it made (never those of the build in control, nor
//   a runtime cache that was there before) and tells the pages why ("install-failed": "quota"
//   when the storage quota was too small, else "install"); boot.js says it and tries later.
"use strict";

const MANIFEST = /*PRECACHE*/ { "build": "dev", "cache": "halfmoon-app-dev", "files": [],
  "runtimeCache": "halfmoon-runtime-dev", "runtime": [] } /*END*/;
const APP_PREFIX = "halfmoon-app-";
const RUNTIME_PREFIX = "halfmoon-runtime-";
const SCOPE = new URL("./", self.location.href);
const href = (file) => new URL(file, SCOPE).href;
const OWN = new Set(MANIFEST.files.map(href));

const CHECKS = MANIFEST.checks || {};
const FILE_OF = new Map(Object.keys(CHECKS).map((file) => [href(file), file]));
// Files whose damage the runtime does not report (Pyodide logs a warning about a bad wasm and
// waits for ever): checked each time they are served, after the answer.
const WATCHED = /\.wasm$/;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

/** `response` if its body is the build's `file` (the size and SHA-256 of the manifest's
 * `checks`), else null. The body is read from a clone: `response` can still be used. */
const verified = async (file, response) => {
  if (!response || !response.ok) return null;
  const check = CHECKS[file];
  if (!check) return response;
  const body = await response.clone().arrayBuffer();
  if (body.byteLength !== check[0]) return null;
  return hex(await crypto.subtle.digest("SHA-256", body)) === check[1] ? response : null;
};

/** `response` as one that may answer a navigation: a response got through a redirect (its
 * `redirected` flag) is made again from its body, status and headers, as a response of the
 * URL asked for. The body is the same file: what `verified` checked. */
const unredirected = async (response) => {
  if (!response || !response.redirected) return response;
  const { status, statusText, headers } = response;
  return new Response(await response.blob(), { status, statusText, headers });
};

/** Wait for every promise of `promises` to settle (none still writes into a cache after), then
 * throw the first failure, a full storage's (QuotaExceededError) before any other. */
const settled = async (promises) => {
  const failed = (await Promise.allSettled(promises)).filter((r) => r.status === "rejected");
  if (failed.length === 0) return;
  const quota = failed.find((r) => r.reason && r.reason.name === "QuotaExceededError");
  throw (quota || failed[0]).reason;
};

/** Put into `cacheName` every file of `files` it does not hold intact yet: from another Half
 * Moon cache or the HTTP cache when `reuse` (files whose URL names their version), else fresh
 * from the server. What is put must be the build's file, byte for byte (the manifest's size
 * and SHA-256): a damaged copy is never cached, a damaged download is fetched once more past
 * the HTTP cache, and then the install fails. A page of a deployment made while we install
 * differs from ours too, and fails the install. */
const fill = async (cacheName, files, reuse) => {
  const cache = await caches.open(cacheName);
  await settled(files.map(async (file) => {
    const url = href(file);
    if (await verified(file, await cache.match(url))) return;
    const known = reuse && (await verified(file, await caches.match(url)));
    if (known) return cache.put(url, known);
    for (const mode of [reuse ? "default" : "no-cache", "reload"]) {
      const response = await fetch(new Request(url, { cache: mode }));
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      const good = await verified(file, response);
      if (good) return cache.put(url, await unredirected(good));
    }
    throw new Error(`${file} is not this build's (size or SHA-256): a newer deployment?`);
  }));
};

/** The build's `file`, fetched again past the HTTP cache, checked and cached; null when the
 * network fails or gives something else. */
const refetch = async (cacheName, file) => {
  try {
    const fetched = await fetch(new Request(href(file), { cache: "reload" }));
    const good = await unredirected(await verified(file, fetched));
    if (!good) return null;
    await (await caches.open(cacheName)).put(href(file), good.clone());
    return good;
  } catch {
    return null;
  }
};

/** Check every file of this build in its two caches; drop the damaged ones and return them
 * (a page that failed to start asks, docs/deploys.md). One file at a time: little memory. */
const checkCaches = async () => {
  const purged = [];
  for (const [cacheName, files] of [[MANIFEST.cache, MANIFEST.files], [MANIFEST.runtimeCache, MANIFEST.runtime]]) {
    if (!(await caches.has(cacheName))) continue;
    const cache = await caches.open(cacheName);
    for (const file of files) {
      const response = await cache.match(href(file));
      if (response && !(await verified(file, response))) {
        await cache.delete(href(file));
        purged.push(file);
      }
    }
  }
  return purged;
};

/** After serving the cached `response` of a WATCHED file: if it is damaged, drop it and tell
 * the page, which loads once more (start_guard.js). */
const watch = async (clientId, cacheName, file, response) => {
  if (await verified(file, response)) return;
  await (await caches.open(cacheName)).delete(href(file));
  // The page that asked, or (a Python worker asked, which cannot reload its page; a browser
  // that does not say who asked) every page: one that has started already ignores the message.
  const client = clientId ? await self.clients.get(clientId) : null;
  const pages = client && client.type === "window" ? [client] : await self.clients.matchAll({ type: "window" });
  for (const page of pages) page.postMessage({ type: "damaged", file });
};

/** Tell every page of ours, controlled or not (a first visit's page is not), `message`. */
const tellPages = async (message) => {
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
};

self.addEventListener("install", (event) => {
  // An install that fails leaves no worker behind, and no cache it made: a partial copy would
  // hold room for nothing. The runtime cache is dropped only if this install made it (another
  // build, the one in control say, may use it); the build's own cache is this install's. The
  // pages are told why; boot.js registers again later (the next load, or after a while).
  event.waitUntil((async () => {
    const runtimeWasThere = await caches.has(MANIFEST.runtimeCache);
    try {
      await settled([
        fill(MANIFEST.runtimeCache, MANIFEST.runtime, true),
        fill(MANIFEST.cache, MANIFEST.files, false),
      ]);
    } catch (error) {
      await caches.delete(MANIFEST.cache);
      if (!runtimeWasThere) await caches.delete(MANIFEST.runtimeCache);
      const quota = error && error.name === "QuotaExceededError";
      await tellPages({ type: "install-failed", reason: quota ? "quota" : "install", detail: String(error) });
      throw error;
    }
  })());
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
  } else if (ask === "check-caches" && event.ports[0]) {
    const port = event.ports[0];
    event.waitUntil(checkCaches().then((purged) => port.postMessage({ purged }), () => port.postMessage({ purged: [] })));
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

/** For a navigation to a page's name with a slash after it (/rules/), the page's own name
 * (/rules, the query kept), as Cloudflare Pages redirects it; else null. Relative URLs would
 * not resolve under the slash, online or offline. */
const pageWithoutSlash = (request) => {
  const url = new URL(request.url);
  if (request.mode !== "navigate" || url.pathname === "/" || !url.pathname.endsWith("/")) return null;
  const name = url.origin + url.pathname.slice(0, -1);
  return OWN.has(name + ".html") && !OWN.has(url.origin + url.pathname + "index.html") ? name + url.search : null;
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE.href)) return;
  const canonical = pageWithoutSlash(request);
  if (canonical) {
    event.respondWith(Response.redirect(canonical, 308)); // not "redirected": it may answer
    return;
  }
  const key = keyOf(request);
  const file = FILE_OF.get(key);
  const answer = async () => {
    if (file !== undefined) {
      // A file of this build: from its cache; if it is not there (never cached, or dropped
      // as damaged), from the network, checked and cached again.
      const cacheName = OWN.has(key) ? MANIFEST.cache : MANIFEST.runtimeCache;
      const cached = await caches.match(key, { cacheName });
      if (cached) {
        if (WATCHED.test(file)) event.waitUntil(watch(event.clientId, cacheName, file, cached.clone()));
        return cached;
      }
      const fresh = await refetch(cacheName, file);
      if (fresh) return fresh;
    }
    return (await caches.match(key)) || fetch(request);
  };
  // Never a redirected response for a navigation (the browser refuses it: net::ERR_FAILED),
  // whichever cache it comes from (one an older worker filled, say).
  event.respondWith(request.mode === "navigate" ? answer().then(unredirected) : answer());
});
