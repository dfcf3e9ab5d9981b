import type { ShareView } from '@plateia/core/api/shared-payments';
import { SHARED_PAYMENT_MESSAGES as M, SHARE_STATUS_LABELS } from '@plateia/core/messages/shared-payments';
import { useRef, useState } from 'react';

/** How long "Código copiado!" stays before the button reads "Copiar código" again (ms). */
const COPIED_RESET_MS = 3000;

/** A share's state as a badge. */
export function ShareBadge({ share }: { share: Pick<ShareView, 'status'> }) {
  return (
    <span className={`shared-badge shared-badge-${share.status}`}>{SHARE_STATUS_LABELS[share.status]}</span>
  );
}

/** The share's PIX: QR, copia-e-cola with its copy button, and the sandbox's simulator link. */
export function PixCode({ pix }: { pix: { qrSvg: string; brcode: string; simulateUrl?: string } }) {
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(pix.brcode);
    } catch {
      // No clipboard permission: the code stays selected for copying by hand.
      input.current?.select();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };
  return (
    <div className="shared-pix">
      <h3>{M.pixTitle}</h3>
      <p className="muted">{M.pixLead}</p>
      <div
        className="wallet-qr"
        role="img"
        aria-label="QR Code do PIX"
        // The SVG is drawn by our API host from the BR Code; it is not page input.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
        dangerouslySetInnerHTML={{ __html: pix.qrSvg }}
      />
      <div className="wallet-copy">
        <input ref={input} className="input" readOnly value={pix.brcode} aria-label={M.pixCode} />
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          {copied ? M.copied : M.copy}
        </button>
      </div>
      {pix.simulateUrl && (
        <p className="muted">
          {M.sandbox}{' '}
          <a href={pix.simulateUrl} target="_blank" rel="noopener noreferrer">
            {M.simulate}
          </a>
        </p>
      )}
    </div>
  );
}
