/**
 * The door scanner reopening without signal (docs/check-in.md): a service worker scoped to
 * `/produtor/check-in` keeps the scanner pages and their assets. The manifest and the
 * queue are not its business: they stay encrypted in the page's IndexedDB vault.
 */

/** The worker's script, served from `site/public`. */
export const CHECK_IN_SERVICE_WORKER_URL = '/check-in-sw.js';
/** The pages the worker controls. */
export const CHECK_IN_SCOPE = '/produtor/check-in';

/**
 * Registers the worker and asks it to keep the current page; resolves true once the page
 * and its assets are stored, false where workers are unavailable or caching failed.
 */
export async function keepCheckInPageOffline(path: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false;
  try {
    const registration = await navigator.serviceWorker.register(CHECK_IN_SERVICE_WORKER_URL, {
      scope: CHECK_IN_SCOPE,
    });
    const worker = registration.active ?? (await activated(registration));
    return worker ? await askToCache(worker, path) : false;
  } catch {
    return false;
  }
}

/** The registration's worker once it is active, or null if it fails to install. */
function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const pending = registration.installing ?? registration.waiting;
  if (!pending) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    pending.addEventListener('statechange', () => {
      if (pending.state === 'activated') resolve(pending);
      if (pending.state === 'redundant') resolve(null);
    });
  });
}

function askToCache(worker: ServiceWorker, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; path?: string } | null;
      if (data?.path !== path || (data.type !== 'page-cached' && data.type !== 'page-not-cached')) return;
      navigator.serviceWorker.removeEventListener('message', onMessage);
      resolve(data.type === 'page-cached');
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    worker.postMessage({ type: 'cache-page', path });
  });
}
