// Keeps the door scanner (/produtor/check-in/…) opening without signal (docs/check-in.md,
// "Reopening offline"). It caches only the scanner pages and the storefront's built
// assets (/_astro/…, content-hashed); it never touches the API host (another origin) nor
// stores a manifest or a scan: those live encrypted in the page's IndexedDB vault.
const CACHE = 'plateia-check-in-v1';
const SCOPE = '/produtor/check-in';
const ASSET = /\/_astro\/[\w.-]+\.(?:js|css|mjs|wasm)$/;

function inScope(pathname) {
  return pathname === SCOPE || pathname.startsWith(`${SCOPE}/`);
}

/** Same-origin /_astro/ URLs named in a text (HTML attributes, JS imports), resolved against `base`. */
function assetUrls(text, base) {
  const found = new Set();
  for (const match of text.matchAll(/["'(]((?:\/_astro\/|\.\/)[\w.-]+\.(?:js|css|mjs|wasm))["')]/g)) {
    const url = new URL(match[1], base);
    if (url.origin === self.location.origin && ASSET.test(url.pathname)) found.add(url.href);
  }
  return found;
}

/** Caches a scanner page under its path, and every asset it reaches (scripts name their chunks). */
async function cachePage(pathname, response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  await cache.put(pathname, response);
  const queue = [...assetUrls(html, self.location.origin)];
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
      for (const next of assetUrls(await asset.text(), url)) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
  }
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('plateia-check-in-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

// The page that registered the worker was loaded before it existed: it asks for itself to
// be cached, and hears back once the page and its assets are stored.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-page' || typeof data.path !== 'string' || !inScope(data.path)) return;
  event.waitUntil(
    fetch(data.path, { credentials: 'same-origin' })
      .then((response) => (response.ok ? cachePage(data.path, response) : undefined))
      .then(
        () => event.source?.postMessage({ type: 'page-cached', path: data.path }),
        () => event.source?.postMessage({ type: 'page-not-cached', path: data.path }),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && inScope(url.pathname)) {
    // Network first, so a new build wins; the cached copy of this page when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(cachePage(url.pathname, response.clone()).catch(() => undefined));
          return response;
        })
        .catch(async () => (await caches.match(url.pathname)) ?? Response.error()),
    );
    return;
  }
  if (ASSET.test(url.pathname)) {
    // Content-hashed: a cached copy is the right one.
    event.respondWith(
      caches.match(request.url).then(
        (cached) =>
          cached ??
          fetch(request).then(async (response) => {
            if (response.ok) {
              const cache = await caches.open(CACHE);
              await cache.put(request.url, response.clone());
            }
            return response;
          }),
      ),
    );
  }
});
