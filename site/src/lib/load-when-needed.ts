/**
 * Code a page does not need for its first paint (an event page's buy buttons, seat map and
 * resale/product buttons, below the event's banner) loads when the visitor gets near it or
 * starts using the page, whichever comes first: a visit that only reads the top of the page
 * downloads none of it, and anyone who scrolls, clicks, taps or types gets it right away.
 */

/** What counts as starting to use the page. */
const FIRST_USE = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/**
 * Calls `run` once, when any of `targets` comes within `rootMargin` of the viewport or at
 * the first interaction with the page. Without IntersectionObserver it runs at once.
 */
export function whenNeeded(targets: Iterable<Element>, run: () => void, rootMargin = '200px'): void {
  const watched = [...targets];
  if (watched.length === 0) return;
  if (!('IntersectionObserver' in window)) {
    run();
    return;
  }
  let done = false;
  const fire = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    for (const type of FIRST_USE) window.removeEventListener(type, fire, true);
    run();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fire();
    },
    { rootMargin },
  );
  for (const target of watched) observer.observe(target);
  for (const type of FIRST_USE) window.addEventListener(type, fire, { capture: true, passive: true });
}
