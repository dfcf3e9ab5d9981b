// Keeps "Meus Ingressos" (/mytickets) usable without signal (docs/tickets.md, "Offline").
// It caches only the page and the storefront's built assets (/_astro/…, content-hashed);
// it never touches the API host (another origin) nor stores a ticket or a secret: those
// live in the page's IndexedDB vault, wiped at sign-out.
const CACHE = 'plateia-mytickets-v1';
const PAGE = '/mytickets';
const ASSET = /\/_astro\/[\w.-]+\.(?:js|css|mjs)$/;

/** Same-origin /_astro/ URLs named in a text (HTML attributes, JS imports), resolved against `base`. */
function assetUrls(text, base) {
  const found = new Set();
  for (const match of text.matchAll(/["'(]((?:\/_astro\/|\.\/)[\w.-]+\.(?:js|css|mjs))["')]/g)) {
    const url = new URL(match[1], base);
    if (url.origin === self.location.origin && ASSET.test(url.pathname)) found.add(url.href);
  }
  return found;
}

/** Caches the page and every asset it reaches (scripts import their chunks, islands name theirs). */
async function cachePage(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  await cache.put(PAGE, response);
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

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(PAGE, { credentials: 'same-origin' })
      .then((response) => (response.ok ? cachePage(response) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('plateia-mytickets-') && name !== CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === PAGE) {
    // Network first, so a new build and the current session's page win; the cache when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) event.waitUntil(cachePage(response.clone()).catch(() => undefined));
          return response;
        })
        .catch(async () => (await caches.match(PAGE)) ?? Response.error()),
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
