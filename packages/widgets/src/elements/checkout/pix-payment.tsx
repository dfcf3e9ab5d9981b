/** Payment by PIX in the checkout's "Pagamento" screen. */

import { startPixPayment } from '@plateia/core/stores/payment';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Countdown, type Payment } from './checkout-parts.tsx';

/** How long "Código copiado!" stays before the button reads "Copiar código" again (ms). */
export const COPIED_RESET_MS = 3000;

/** "Gerar código PIX", then the QR and the copia e cola of the charge. */
export function PixPayment({ payment }: { payment: Payment }): ReactNode {
  const ids = useId();
  const [copied, setCopied] = useState(false);
  const codeRef = useRef<HTMLInputElement | null>(null);
  // A charge is shown once created; until then (or while a new one is made) the button is.
  const charge = payment.method === 'pix' && payment.phase !== 'creating' ? payment.pix : null;

  const copy = async (code: string): Promise<void> => {
    try {
      await navigator.clipboard.writeText(code);
    } catch {
      // No clipboard API (plain-http host page) or permission refused: copy the selection.
      codeRef.current?.select();
      document.execCommand?.('copy');
    }
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_RESET_MS);
  };

  return (
    <div className="pix" part="pix">
      {charge ? (
        <>
          <div
            className="qr"
            part="qr"
            role="img"
            aria-label="QR Code do PIX"
            // The SVG is drawn by our API host from the BR Code; it is not page input.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted SVG from the API host.
            dangerouslySetInnerHTML={{ __html: charge.qrSvg }}
          />
          <div className="field">
            <label htmlFor={`${ids}-code`}>PIX copia e cola</label>
            <div className="copy-row">
              <input id={`${ids}-code`} ref={codeRef} part="input" readOnly value={charge.brcode} />
              <button
                type="button"
                className="secondary"
                part="copy-button"
                onClick={() => void copy(charge.brcode)}
              >
                {copied ? 'Código copiado!' : 'Copiar código'}
              </button>
            </div>
          </div>
          <Countdown
            label="O código expira em"
            name="Tempo restante do código PIX"
            until={Date.parse(charge.expiresAt)}
          />
          <p className="notice" role="status">
            {payment.phase === 'waiting'
              ? 'Aguardando o pagamento. A confirmação aparece aqui assim que o PIX for pago.'
              : ''}
            {copied ? ' Código copiado!' : ''}
          </p>
        </>
      ) : (
        <p className="hint">Pague na hora pelo app do seu banco com o QR Code ou o código copia e cola.</p>
      )}
      {/* A lapsed charge ends the checkout at once: its message shows on the summary. */}
      <p className="form-error" role="alert">
        {payment.method === 'pix' && payment.phase === 'failed' ? payment.message : ''}
      </p>
      {charge ? (
        charge.simulateUrl && (
          <p className="sandbox">
            Ambiente de testes:{' '}
            <a href={charge.simulateUrl} target="_blank" rel="noopener noreferrer" part="simulate-link">
              Simular pagamento
            </a>
          </p>
        )
      ) : (
        <button
          type="button"
          className="primary"
          part="pix-button"
          disabled={payment.phase === 'creating'}
          aria-busy={payment.phase === 'creating'}
          onClick={() => void startPixPayment()}
        >
          Gerar código PIX
        </button>
      )}
    </div>
  );
}
