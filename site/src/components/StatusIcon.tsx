import type { ReactNode } from 'react';

/** Icons for the one-shot account pages (e-mail confirmation, Google return, password reset). */
export function StatusIcon({ kind }: { kind: 'loading' | 'success' | 'error' }) {
  if (kind === 'loading') {
    return (
      <svg className="status-icon spinner" width="48" height="48" viewBox="0 0 24 24" aria-hidden="true">
        <circle
          cx="12"
          cy="12"
          r="9"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="2.5"
          fill="none"
        />
        <path
          d="M21 12a9 9 0 0 0-9-9"
          stroke="currentColor"
          strokeWidth="2.5"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
    );
  }
  const path =
    kind === 'success'
      ? 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.2 14.2-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z'
      : 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z';
  return (
    <svg
      className={`status-icon status-icon-${kind}`}
      width="48"
      height="48"
      viewBox="0 0 24 24"
      aria-hidden="true"
    >
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/** A one-shot page's state: icon, heading and what follows; an error is an alert, the rest polite. */
export function StatusCard({
  kind,
  title,
  children,
}: {
  kind: 'loading' | 'success' | 'error';
  title: string;
  children?: ReactNode;
}) {
  const live = kind === 'error' ? { role: 'alert' } : { 'aria-live': 'polite' as const };
  return (
    <div className="card status-card" {...live}>
      <StatusIcon kind={kind} />
      <h2>{title}</h2>
      {children}
    </div>
  );
}
