/**
 * "Meus Ingressos" offline (docs/tickets.md): a service worker keeps the page and its
 * assets, so at a door without signal the page still opens and draws the codes from the
 * tickets the device kept (core's ticket vault). It never stores API answers.
 */

/** The worker's script, served from `site/public`. */
export const TICKETS_SERVICE_WORKER_URL = '/tickets-sw.js';

/** Registers the worker once the page has loaded; does nothing where workers are unavailable. */
export function registerTicketsServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register(TICKETS_SERVICE_WORKER_URL, { scope: '/' }).catch(() => {});
}
