// Keeps "Meus Ingressos" (/mytickets) usable without signal (docs/tickets.md, "Offline").
// It caches only the page and the storefront's built assets (/_astro/…, content-hashed);
// it never touches the API host (another origin) nor stores a ticket or a secret: those
// live in the page's IndexedDB vault, wiped at sign-out.
importScripts('/sw-offline-pages.js');
const { cacheOfflinePage, dropOlderCaches, respondOffline } = self.plateiaOffline;

const CACHE = 'plateia-mytickets-v1';
const PAGE = '/mytickets';

self.addEventListener('install', (event) => {
  event.waitUntil(
    fetch(PAGE, { credentials: 'same-origin' })
      .then((response) => (response.ok ? cacheOfflinePage(CACHE, PAGE, response) : undefined))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(dropOlderCaches('plateia-mytickets-', CACHE).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  respondOffline(event, CACHE, (pathname) => pathname === PAGE);
});
