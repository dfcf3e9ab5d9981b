import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '@plateia/core';
import { useEffect, useState } from 'react';

/**
 * Renders core's toasts top-right. Core owns their lifetime (4 s, spec §9); this island
 * only draws them and offers the close button. A polite live region announces each one.
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  // Toasts raised before hydration (a login, the version gate) are drawn right after it:
  // the first render must match the server's empty region.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <section className="toaster" aria-label="Notificações" aria-live="polite">
      {(hydrated ? toasts : []).map(({ id, kind, message }) => (
        <div key={id} className={`toast toast-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
          <span className="toast-dot" aria-hidden="true" />
          <p className="toast-message">{message}</p>
          <button
            type="button"
            className="toast-close"
            aria-label="Fechar notificação"
            onClick={() => dismissToast(id)}
          >
            <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
