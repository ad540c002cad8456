// In-page functions on the site's Cache Storage, shared by the browser tests: the smoke
// scenario (e2e/smoke/scenario.mjs) imports them; e2e/test_start_repair.py hands their text
// to Playwright (harness.page_function).

/** In the page: put a garbage body in every cached copy of the file whose URL ends with
 * `name`; return how many copies were damaged. */
export async function damageCached(name) {
  let damaged = 0;
  for (const cacheName of await caches.keys()) {
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (request.url.endsWith(name)) {
        await cache.put(request, new Response("garbage, not the build's file"));
        damaged += 1;
      }
    }
  }
  return damaged;
}

/** In the page: the sizes of the cached copies of the file whose URL ends with `name`. */
export async function cachedSizes(name) {
  const sizes = [];
  for (const cacheName of await caches.keys()) {
    const cache = await caches.open(cacheName);
    for (const request of await cache.keys()) {
      if (request.url.endsWith(name)) sizes.push((await (await cache.match(request)).arrayBuffer()).byteLength);
    }
  }
  return sizes;
}
