/**
 * The header's behaviour (components/SiteHeader.astro renders its markup in every state):
 * follows core's session to show the skeletons, the logged-out actions or the customer's
 * entries; opens the login dialog; "Cadastrar" says it is redirecting once clicked; the
 * avatar menu (ARIA menu: arrows, Home/End, Escape, Tab, outside click), the mobile drawer
 * and the "Sair" confirmation are native elements driven here. Plain DOM on core's stores,
 * so the header costs a few kilobytes instead of React.
 */
import { $authState, $user, logout, type User } from '@plateia/core';
import { initialsOf } from './account-links.ts';
import { hasCheckoutStart, isCheckoutPath } from './checkout-mode.ts';
import { openLoginDialog } from './login-dialog.ts';

/** What the header shows: the session is being read, or who is there. */
export type HeaderState = 'loading' | 'loggedOut' | 'loggedIn';

/** The header's state from core's session: logged in but without the record yet is still loading. */
export function headerState(authState: string, user: User | null): HeaderState {
  if (authState === 'loggedIn') return user ? 'loggedIn' : 'loading';
  return authState === 'loggedOut' ? 'loggedOut' : 'loading';
}

/** The customer's name as the menu shows it, or the e-mail when no name is known. */
export function displayName(user: User): string {
  const name = [user.namef, user.namel].filter((part) => typeof part === 'string' && part).join(' ');
  return name || user.user;
}

function avatarFor(user: User, size: number): HTMLElement {
  const initials = () => {
    const span = document.createElement('span');
    span.className = 'avatar avatar-initials';
    span.style.width = `${size}px`;
    span.style.height = `${size}px`;
    span.setAttribute('aria-hidden', 'true');
    span.textContent = initialsOf(user.namef, user.namel, user.user);
    return span;
  };
  // The record comes from the API host and local storage: only a non-empty string is a picture.
  if (typeof user.avatar !== 'string' || !user.avatar) return initials();
  const img = document.createElement('img');
  img.className = 'avatar';
  img.src = user.avatar;
  img.alt = '';
  img.width = size;
  img.height = size;
  img.addEventListener('error', () => img.replaceWith(initials()), { once: true });
  return img;
}

/** Wires one header; returns a function that stops following the stores. */
export function startSiteHeader(root: HTMLElement): () => void {
  const all = <T extends Element = HTMLElement>(selector: string) => [...root.querySelectorAll<T>(selector)];
  const one = <T extends Element = HTMLElement>(selector: string) => root.querySelector<T>(selector);

  // Checkout mode: on checkout pages (server-rendered) and while a checkout start is stored.
  const onCheckoutPage = isCheckoutPath(window.location.pathname);
  const updateCheckout = () => {
    root.dataset.checkout = String(onCheckoutPage || hasCheckoutStart());
  };
  // Events from the checkout widget may arrive before it writes storage: re-read next tick.
  const updateCheckoutSoon = () => setTimeout(updateCheckout, 0);
  updateCheckout();
  window.addEventListener('storage', updateCheckout);
  document.addEventListener('plateia-checkout-start', updateCheckoutSoon);
  document.addEventListener('plateia-checkout-complete', updateCheckoutSoon);

  let shownUser: User | null = null;
  const render = () => {
    const user = $user.get();
    const state = headerState($authState.get(), user);
    root.dataset.state = state;
    for (const part of all('[data-when]')) {
      const when = part.dataset.when;
      part.hidden = when === 'ready' ? state === 'loading' : when !== state;
    }
    if (state !== 'loggedIn' || !user || user === shownUser) return;
    shownUser = user;
    for (const part of all('[data-producer-only]')) part.hidden = user.isadmin !== '1';
    for (const part of all('[data-user-name]')) part.textContent = displayName(user);
    for (const part of all('[data-user-email]')) part.textContent = user.user;
    for (const slot of all('[data-avatar]'))
      slot.replaceChildren(avatarFor(user, Number(slot.dataset.avatar)));
  };
  const stopAuth = $authState.subscribe(render);
  const stopUser = $user.subscribe(render);

  for (const button of all('[data-login-open]'))
    button.addEventListener('click', () => {
      drawer?.close();
      void openLoginDialog();
    });
  for (const link of all<HTMLAnchorElement>('[data-sign-up]'))
    link.addEventListener('click', (event) => {
      if (link.getAttribute('aria-disabled') === 'true') {
        event.preventDefault();
        return;
      }
      link.setAttribute('aria-disabled', 'true');
      link.textContent = 'Redirecionando...';
    });

  // Avatar menu.
  const trigger = one<HTMLButtonElement>('[data-account-trigger]');
  const menu = one('[role="menu"]');
  const menuRoot = one('[data-account-menu]');
  const items = () =>
    (menu ? [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')] : []).filter((i) => !i.hidden);
  const onOutside = (event: PointerEvent) => {
    if (!menuRoot?.contains(event.target as Node)) setMenu(false);
  };
  const setMenu = (open: boolean) => {
    if (!trigger || !menu) return;
    menu.hidden = !open;
    trigger.setAttribute('aria-expanded', String(open));
    if (open) {
      items()[0]?.focus();
      document.addEventListener('pointerdown', onOutside);
    } else document.removeEventListener('pointerdown', onOutside);
  };
  trigger?.addEventListener('click', () => setMenu(menu?.hidden === true));
  menu?.addEventListener('keydown', (event) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(list.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      setMenu(false);
      if (event.key === 'Escape') trigger?.focus();
      return;
    } else return;
    event.preventDefault();
  });

  // Mobile drawer: a modal dialog; a click on the backdrop lands on the dialog itself.
  const drawer = one<HTMLDialogElement>('[data-drawer]');
  one('[data-drawer-open]')?.addEventListener('click', () => drawer?.showModal());
  one('[data-drawer-close]')?.addEventListener('click', () => drawer?.close());
  drawer?.addEventListener('click', (event) => {
    if (event.target === drawer) drawer.close();
  });

  // "Sair" asks first; leaving goes home, since pages behind a login make no sense after it.
  const logoutDialog = one<HTMLDialogElement>('[data-logout-dialog]');
  for (const button of all('[data-logout]'))
    button.addEventListener('click', () => {
      setMenu(false);
      drawer?.close();
      logoutDialog?.showModal();
    });
  one('[data-logout-cancel]')?.addEventListener('click', () => logoutDialog?.close());
  const confirm = one<HTMLButtonElement>('[data-logout-confirm]');
  confirm?.addEventListener('click', async () => {
    confirm.disabled = true;
    try {
      await logout();
    } finally {
      window.location.assign('/');
    }
  });

  return () => {
    stopAuth();
    stopUser();
    window.removeEventListener('storage', updateCheckout);
    document.removeEventListener('plateia-checkout-start', updateCheckoutSoon);
    document.removeEventListener('plateia-checkout-complete', updateCheckoutSoon);
    document.removeEventListener('pointerdown', onOutside);
  };
}
