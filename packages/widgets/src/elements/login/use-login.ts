/**
 * The login dialog's hooks: who may open it (the page URL's `?user=`, `plateia-login-open`
 * from anyone on the page), the session events it fires, and the storefront's popup on a
 * producer's page. The session itself is `@plateia/core`'s; these only listen and ask.
 */

import { $user, startEmbedSession } from '@plateia/core/stores/session';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { emit } from '../../shared/events.ts';
import { newNonce } from '../../shared/storefront-origin.ts';
import { embedLoginUrl, readEmbedLogin } from './embed-login.ts';

/** Shown on a producer's page when the browser blocked the Plateia popup. */
export const POPUP_BLOCKED_MESSAGE =
  'O navegador bloqueou a janela da Plateia. Permita pop-ups para este site e tente novamente.';

// The element renders asynchronously after it is defined, so a `plateia-login-open` sent
// right after `customElements.whenDefined` could reach no listener. One document listener,
// installed when this module loads, keeps the latest unanswered request for the next
// dialog that mounts.
let pendingOpen: { email?: string | undefined } | null = null;
const openRequestListeners = new Set<(email?: string) => void>();
if (typeof document !== 'undefined') {
  document.addEventListener('plateia-login-open', (event) => {
    const email = (event as CustomEvent<{ email?: string } | null>).detail?.email;
    if (openRequestListeners.size === 0) pendingOpen = { email };
    else for (const listener of openRequestListeners) listener(email);
  });
}

/** What {@link useOpenState} gives the dialog. */
export interface OpenState {
  isOpen: boolean;
  /** Opens or closes the dialog, tells `onOpenChange` and reflects it to the element's `open`. */
  changeOpen: (next: boolean) => void;
  /** Whether Google sign-in runs in its own window now (the dialog says so); closing forgets it. */
  googleWindowOpen: boolean;
  setGoogleWindowOpen: (open: boolean) => void;
}

/**
 * Whether the dialog is open. The element's `open` attribute (or the React prop) is the
 * outside source of truth when it changes: the state starts from it, and Preact runs the
 * first effects a frame after the first render, after a `plateia-login-open` that may have
 * come in between.
 */
export function useOpenState(
  open: boolean,
  container: ShadowRoot | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
): OpenState {
  const [isOpen, setIsOpen] = useState(open);
  const [googleWindowOpen, setGoogleWindowOpen] = useState(false);
  const syncedOpen = useRef(open);
  useEffect(() => {
    if (syncedOpen.current === open) return;
    syncedOpen.current = open;
    setIsOpen(open);
  }, [open]);

  const changeOpen = useCallback(
    (next: boolean) => {
      setIsOpen(next);
      setGoogleWindowOpen(false);
      onOpenChange?.(next);
      // Reflect to the element so `el.open` and `[open]` styling tell the truth (a forced
      // toggle leaves an attribute already in that state untouched).
      container?.host.toggleAttribute('open', next);
    },
    [container, onOpenChange],
  );
  return { isOpen, changeOpen, googleWindowOpen, setGoogleWindowOpen };
}

/** A login finished elsewhere (the Google window, another tab) closes the open dialog: nothing is left to ask. */
export function useCloseOnLogin(
  isOpen: boolean,
  changeOpen: (next: boolean) => void,
  setRecoveryOpen: (open: boolean) => void,
): void {
  const isOpenNow = useRef(isOpen);
  isOpenNow.current = isOpen;
  useEffect(
    () =>
      $user.listen((current, previous) => {
        if (current && !previous && isOpenNow.current) {
          setRecoveryOpen(false);
          changeOpen(false);
        }
      }),
    [changeOpen, setRecoveryOpen],
  );
}

/**
 * Anyone on the page may ask for the dialog (the checkout gate, a host page's button),
 * including before it has mounted: such a request waits, and `openWith` answers it on mount.
 * A layout effect, so a dialog that left the page stops listening at once (Preact runs the
 * cleanup of a plain effect a frame after the unmount, and the request went to it).
 */
export function useOpenRequests(openWith: (email?: string) => void): void {
  useLayoutEffect(() => {
    openRequestListeners.add(openWith);
    if (pendingOpen) {
      const request = pendingOpen;
      pendingOpen = null;
      openWith(request.email);
    }
    return () => {
      openRequestListeners.delete(openWith);
    };
  }, [openWith]);
}

/**
 * Spec §2: `?user=` in the page's URL opens the dialog prefilled, once, when the session is
 * read and nobody is logged in.
 */
export function useQueryUser(
  authState: string,
  user: ReturnType<typeof $user.get>,
  openWith: (email?: string) => void,
): void {
  const queryHandled = useRef(false);
  useEffect(() => {
    // Effects only run in a browser, so `location` is there.
    if (queryHandled.current || authState === 'loading') return;
    queryHandled.current = true;
    const queryUser = new URLSearchParams(location.search).get('user');
    if (queryUser && !user) openWith(queryUser);
  }, [authState, user, openWith]);
}

/**
 * Session transitions become DOM events from the element (else the dialog's root), whoever
 * caused them: `plateia-login` (on a producer's page with `{ id, firstName }` only) and
 * `plateia-logout`.
 */
export function useSessionEvents(
  container: ShadowRoot | undefined,
  rootRef: RefObject<HTMLDivElement | null>,
  storefront: string | null,
): void {
  useEffect(
    () =>
      $user.listen((current, previous) => {
        // The root <div> is there whenever this effect has run.
        const target = (container?.host ?? rootRef.current) as HTMLElement;
        if (current && !previous)
          emit(
            target,
            'plateia-login',
            storefront ? { id: current.id, firstName: current.namef ?? '' } : { user: current },
          );
        else if (!current && previous) emit(target, 'plateia-logout', {});
      }),
    [container, storefront, rootRef],
  );
}

/**
 * "Entrar com a Plateia" on a producer's page: opens the storefront's popup in the click
 * itself (no await before it, so the browser lets it through) and waits for its answer,
 * checked by origin, window and nonce (embed-login.ts); the answer starts core's memory-only
 * session and `onLoggedIn` runs. A blocked popup is told through `onError`. Returns the
 * click handler; an earlier wait ends when a new one starts or the dialog leaves the page.
 */
export function useEmbedLogin(
  storefront: string | null,
  onLoggedIn: () => void,
  onError: (message: string) => void,
): () => void {
  const stopWaiting = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWaiting.current?.(), []);

  return () => {
    if (!storefront) return;
    stopWaiting.current?.();
    onError('');
    const nonce = newNonce();
    const popup = window.open(
      embedLoginUrl(storefront, location.origin, nonce),
      'plateia-login',
      'popup,width=480,height=720',
    );
    if (!popup) {
      onError(POPUP_BLOCKED_MESSAGE);
      return;
    }
    const onMessage = (event: MessageEvent): void => {
      const answer = readEmbedLogin(event, { storefront, popup, nonce });
      if (!answer) return;
      stopWaiting.current?.();
      startEmbedSession(answer.token, answer.user);
      onLoggedIn();
    };
    window.addEventListener('message', onMessage);
    stopWaiting.current = () => {
      window.removeEventListener('message', onMessage);
      stopWaiting.current = null;
    };
  };
}
