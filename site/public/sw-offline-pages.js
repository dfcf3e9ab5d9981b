// Shared by the storefront's service workers (tickets-sw.js, check-in-sw.js; loaded with
// importScripts): keeping a page and the built assets it reaches (/_astro/…, content-hashed)
// in a cache, serving those assets cache-first, and dropping a worker's older caches.
// Nothing here touches the API host (another origin) or stores an API answer.

// One function scope, so only `self.plateiaOffline` joins the worker's globals.
(() => {
  /** The storefront's built asset files, content-hashed so a cached copy is always right. */
  const OFFLINE_ASSET = /\/_astro\/[\w.-]+\.(?:js|css|mjs|wasm)$/;

  /** Same-origin /_astro/ URLs named in a text (HTML attributes, JS imports), resolved against `base`. */
  function offlineAssetUrls(text, base) {
    const found = new Set();
    for (const match of text.matchAll(/["'(]((?:\/_astro\/|\.\/)[\w.-]+\.(?:js|css|mjs|wasm))["')]/g)) {
      const url = new URL(match[1], base);
      if (url.origin === self.location.origin && OFFLINE_ASSET.test(url.pathname)) found.add(url.href);
    }
    return found;
  }

  /** Caches a page under its path, and every asset it reaches (scripts import their chunks, islands name theirs). */
  async function cacheOfflinePage(cacheName, pathname, response) {
    const cache = await caches.open(cacheName);
    const html = await response.clone().text();
    await cache.put(pathname, response);
    const queue = [...offlineAssetUrls(html, self.location.origin)];
    const seen = new Set(queue);
    while (queue.length > 0) {
      const url = queue.shift();
      let asset = await cache.match(url);
      if (!asset) {
        try {
          const fetched = await fetch(url);
          if (!fetched.ok) continue;
          await cache.put(url, fetched.clone());
          asset = fetched;
        } catch {
          continue;
        }
      }
      if (url.endsWith('.js') || url.endsWith('.mjs')) {
        for (const next of offlineAssetUrls(await asset.text(), url)) {
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
        }
      }
    }
  }

  /** Deletes this worker's caches other than `current` (those of earlier versions, by name prefix). */
  function dropOlderCaches(prefix, current) {
    return caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(prefix) && name !== current)
            .map((name) => caches.delete(name)),
        ),
      );
  }

  /**
   * Serves a navigation to a cached page network first (a new build and the current session's page
   * win; each fresh copy is cached again), or an asset cache first. Answers false for other requests.
   */
  function respondOffline(event, cacheName, isPage) {
    const request = event.request;
    if (request.method !== 'GET') return false;
    const url = new URL(request.url);
    if (url.origin !== self.location.origin) return false;
    if (request.mode === 'navigate' && isPage(url.pathname)) {
      event.respondWith(
        fetch(request)
          .then((response) => {
            if (response.ok)
              event.waitUntil(
                cacheOfflinePage(cacheName, url.pathname, response.clone()).catch(() => undefined),
              );
            return response;
          })
          .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
      );
      return true;
    }
    if (!OFFLINE_ASSET.test(url.pathname)) return false;
    event.respondWith(
      caches.match(request.url).then(
        (cached) =>
          cached ??
          fetch(request).then(async (response) => {
            if (response.ok) {
              const cache = await caches.open(cacheName);
              await cache.put(request.url, response.clone());
            }
            return response;
          }),
      ),
    );
    return true;
  }

  /** What the workers call after `importScripts('/sw-offline-pages.js')`. */
  self.plateiaOffline = { cacheOfflinePage, dropOlderCaches, respondOffline };
})();
