import { useStore } from '@nanostores/react';
import { $authState, $user, logout, type User } from '@plateia/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { Logo } from '../components/Logo.tsx';
import { ACCOUNT_LINKS, CHECK_IN_LINK, initialsOf, MY_TICKETS_HREF } from '../lib/account-links.ts';
import { useCheckoutMode } from '../lib/checkout-mode.ts';
import { openLoginDialog } from '../lib/login-dialog.ts';

/** Props the layout passes from the request and the runtime configuration. */
export interface SiteHeaderProps {
  /** Current path, so checkout pages render help-only on the server already. */
  pathname: string;
  /** The producer area opened in a new tab by "Área do Produtor". */
  producerAreaUrl: string;
  /** External direct-message link behind "Precisa de Ajuda?". */
  helpUrl: string;
}

/** The site header of spec §2: auth-aware actions, avatar menu, mobile drawer, checkout mode. */
export default function SiteHeader(props: SiteHeaderProps) {
  return (
    <ErrorBoundary>
      <HeaderContent {...props} />
    </ErrorBoundary>
  );
}

function HeaderContent({ pathname, producerAreaUrl, helpUrl }: SiteHeaderProps) {
  const authState = useStore($authState);
  const user = useStore($user);
  const checkoutMode = useCheckoutMode(pathname);
  // The server cannot know the session (it lives in the browser), so server markup and the
  // first client render both show skeletons; the real state follows right after hydration.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [logoutOpen, setLogoutOpen] = useState(false);

  const state = !hydrated ? 'loading' : authState === 'loggedIn' && !user ? 'loading' : authState;

  if (checkoutMode) {
    return (
      <div className="header-bar">
        <span className="header-logo">
          <Logo />
        </span>
        <div className="header-actions">
          <HelpLink helpUrl={helpUrl} className="btn btn-secondary" />
        </div>
      </div>
    );
  }

  return (
    <div className="header-bar">
      <a className="header-logo" href="/" aria-label="Plateia: página inicial">
        <Logo />
      </a>
      <nav className="header-actions header-desktop" aria-label="Conta">
        {state === 'loading' && <HeaderSkeleton />}
        {state === 'loggedOut' && <LoggedOutActions />}
        {state === 'loggedIn' && user && (
          <>
            {isProducer(user) && <ProducerAreaLink href={producerAreaUrl} className="btn btn-ghost" />}
            <a className="btn btn-ghost" href={MY_TICKETS_HREF}>
              Meus Ingressos
            </a>
            <AccountMenu user={user} helpUrl={helpUrl} onLogout={() => setLogoutOpen(true)} />
          </>
        )}
      </nav>
      <div className="header-mobile">
        {state === 'loading' ? (
          <span className="skeleton" style={{ width: 40, height: 40 }} aria-hidden="true" />
        ) : (
          <MobileDrawer
            user={state === 'loggedIn' ? user : null}
            producerAreaUrl={producerAreaUrl}
            helpUrl={helpUrl}
            onLogout={() => setLogoutOpen(true)}
          />
        )}
      </div>
      <LogoutDialog open={logoutOpen} onClose={() => setLogoutOpen(false)} />
    </div>
  );
}

function isProducer(user: User): boolean {
  return user.isadmin === '1';
}

function HeaderSkeleton() {
  return (
    <div className="header-skeleton" aria-busy="true">
      <span className="visually-hidden">Carregando sua conta…</span>
      <span className="skeleton" style={{ width: 92, height: 40 }} />
      <span className="skeleton" style={{ width: 110, height: 40 }} />
    </div>
  );
}

function LoggedOutActions() {
  return (
    <>
      <button type="button" className="btn btn-ghost" onClick={() => void openLoginDialog()}>
        Login
      </button>
      <SignUpLink className="btn btn-primary" />
    </>
  );
}

/** "Cadastrar": a real link (works before hydration) that says it is redirecting once clicked. */
function SignUpLink({ className }: { className: string }) {
  const [redirecting, setRedirecting] = useState(false);
  return (
    <a
      className={className}
      href="/cadastro"
      aria-disabled={redirecting || undefined}
      onClick={(event) => {
        if (redirecting) event.preventDefault();
        setRedirecting(true);
      }}
    >
      {redirecting ? 'Redirecionando...' : 'Cadastrar'}
    </a>
  );
}

function ProducerAreaLink({ href, className }: { href: string; className: string }) {
  return (
    <a className={className} href={href} target="_blank" rel="noopener noreferrer">
      Área do Produtor
    </a>
  );
}

function HelpLink({ helpUrl, className, role }: { helpUrl: string; className: string; role?: string }) {
  return (
    <a className={className} href={helpUrl} target="_blank" rel="noopener noreferrer" role={role}>
      Precisa de Ajuda?
    </a>
  );
}

function Avatar({ user, size }: { user: User; size: number }) {
  const [broken, setBroken] = useState(false);
  // The record comes from the API host and local storage: only a non-empty string is a picture.
  if (typeof user.avatar === 'string' && user.avatar && !broken) {
    return (
      <img
        className="avatar"
        src={user.avatar}
        alt=""
        width={size}
        height={size}
        onError={() => setBroken(true)}
      />
    );
  }
  return (
    <span className="avatar avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initialsOf(user.namef, user.namel, user.user)}
    </span>
  );
}

function displayName(user: User): string {
  const name = [user.namef, user.namel].filter((part) => typeof part === 'string' && part).join(' ');
  return name || user.user;
}

function AccountMenu({ user, helpUrl, onLogout }: { user: User; helpUrl: string; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const first = menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]');
    first?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') focusAt(index + 1);
    else if (event.key === 'ArrowUp') focusAt(index - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(items.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      setOpen(false);
      if (event.key === 'Escape') buttonRef.current?.focus();
      return;
    } else return;
    event.preventDefault();
  };

  return (
    <div className="account-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {/* The name comes from content (not aria-label) so it never conflicts with the initials. */}
        <span className="visually-hidden">Menu da conta</span>
        <Avatar user={user} size={36} />
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" className="chevron">
          <path d="M2.5 4.5 6 8l3.5-3.5" stroke="currentColor" strokeWidth="1.6" fill="none" />
        </svg>
      </button>
      {open && (
        <div
          className="account-dropdown"
          id={menuId}
          role="menu"
          aria-label="Minha conta"
          ref={menuRef}
          onKeyDown={onMenuKey}
          tabIndex={-1}
        >
          <div className="account-summary" role="none">
            <strong>{displayName(user)}</strong>
            <span>{user.user}</span>
          </div>
          {(isProducer(user) ? [...ACCOUNT_LINKS, CHECK_IN_LINK] : ACCOUNT_LINKS).map((link) => (
            <a key={link.href} className="menu-item" role="menuitem" href={link.href} tabIndex={-1}>
              {link.label}
            </a>
          ))}
          <HelpLink helpUrl={helpUrl} className="menu-item" role="menuitem" />
          <button
            type="button"
            className="menu-item menu-item-danger"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            Sair
          </button>
        </div>
      )}
    </div>
  );
}

function MobileDrawer({
  user,
  producerAreaUrl,
  helpUrl,
  onLogout,
}: {
  user: User | null;
  producerAreaUrl: string;
  helpUrl: string;
  onLogout: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button
        type="button"
        className="drawer-trigger"
        aria-label="Abrir menu"
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: backdrop clicks only; Escape already closes a modal dialog. */}
      <dialog
        ref={dialogRef}
        className="drawer"
        aria-labelledby={titleId}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === dialogRef.current) close();
        }}
      >
        <div className="drawer-panel">
          <div className="drawer-head">
            <h2 id={titleId} className="visually-hidden">
              Menu
            </h2>
            <Logo />
            <button type="button" className="drawer-close" aria-label="Fechar menu" onClick={close}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          {user ? (
            <nav className="drawer-nav" aria-label="Minha conta">
              <div className="drawer-user">
                <Avatar user={user} size={44} />
                <div>
                  <strong>{displayName(user)}</strong>
                  <span>{user.user}</span>
                </div>
              </div>
              {isProducer(user) && <ProducerAreaLink href={producerAreaUrl} className="drawer-item" />}
              <a className="drawer-item" href={MY_TICKETS_HREF}>
                Meus Ingressos
              </a>
              {(isProducer(user) ? [...ACCOUNT_LINKS, CHECK_IN_LINK] : ACCOUNT_LINKS).map((link) => (
                <a key={link.href} className="drawer-item" href={link.href}>
                  {link.label}
                </a>
              ))}
              <HelpLink helpUrl={helpUrl} className="drawer-item" />
              <button
                type="button"
                className="drawer-item drawer-item-danger"
                onClick={() => {
                  close();
                  onLogout();
                }}
              >
                Sair
              </button>
            </nav>
          ) : (
            <nav className="drawer-nav" aria-label="Conta">
              <p className="drawer-intro">Acesse sua conta para ver seus ingressos, carteira e amigos.</p>
              <button
                type="button"
                className="btn btn-secondary btn-block"
                onClick={() => {
                  close();
                  void openLoginDialog();
                }}
              >
                Login
              </button>
              <SignUpLink className="btn btn-primary btn-block" />
              <HelpLink helpUrl={helpUrl} className="drawer-item" />
            </nav>
          )}
        </div>
      </dialog>
    </>
  );
}

/** The "Sair" confirmation: a modal dialog, so focus and Escape behave natively. */
function LogoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClose}
    >
      <h2 id={titleId}>Tem certeza que deseja sair?</h2>
      <p id={textId}>Ao sair, as informações que ainda não foram salvas serão perdidas.</p>
      <div className="confirm-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Cancelar
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={leaving}
          onClick={async () => {
            setLeaving(true);
            try {
              await logout();
            } finally {
              // Pages behind a login make no sense after leaving; home is the safe landing.
              window.location.assign('/');
            }
          }}
        >
          Sair
        </button>
      </div>
    </dialog>
  );
}
