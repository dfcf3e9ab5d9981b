// Keeps the door scanner (/produtor/check-in/…) opening without signal (docs/check-in.md,
// "Reopening offline"). It caches only the scanner pages and the storefront's built
// assets (/_astro/…, content-hashed); it never touches the API host (another origin) nor
// stores a manifest or a scan: those live encrypted in the page's IndexedDB vault.
importScripts('/sw-offline-pages.js');
const { cacheOfflinePage, dropOlderCaches, respondOffline } = self.plateiaOffline;

const CACHE = 'plateia-check-in-v1';
const SCOPE = '/produtor/check-in';

function inScope(pathname) {
  return pathname === SCOPE || pathname.startsWith(`${SCOPE}/`);
}

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOlderCaches('plateia-check-in-', CACHE).then(() => self.clients.claim()));
});

// The page that registered the worker was loaded before it existed: it asks for itself to
// be cached, and hears back once the page and its assets are stored.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'cache-page' || typeof data.path !== 'string' || !inScope(data.path)) return;
  event.waitUntil(
    fetch(data.path, { credentials: 'same-origin' })
      .then((response) => (response.ok ? cacheOfflinePage(CACHE, data.path, response) : undefined))
      .then(
        () => event.source?.postMessage({ type: 'page-cached', path: data.path }),
        () => event.source?.postMessage({ type: 'page-not-cached', path: data.path }),
      ),
  );
});

self.addEventListener('fetch', (event) => {
  respondOffline(event, CACHE, inScope);
});
