import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '@plateia/core';
import { createRoot } from 'react-dom/client';

/**
 * Draws core's toasts. Core owns their lifetime (4 s, docs/core.md); this only draws them and
 * offers the close button, inside the polite live region the layout renders on the server.
 */
function ToastList() {
  const toasts = useStore($toasts);
  return toasts.map(({ id, kind, message }) => (
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
  ));
}

/**
 * Renders the toasts into `region` (the layout's `.toaster` live region). The layout loads
 * this module only when the first toast is raised, so pages that never show one never
 * download React for it.
 */
export function mountToaster(region: HTMLElement): void {
  createRoot(region).render(<ToastList />);
}
