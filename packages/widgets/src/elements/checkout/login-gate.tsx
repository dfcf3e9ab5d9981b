/**
 * The checkout's login gate (docs/widgets-checkout.md): shown over "Resumo do pedido" when "Finalizar Compra"
 * is pressed logged out, it opens the page's `<plateia-login>` over itself.
 */

import { CHECKOUT_MESSAGES } from '@plateia/core/messages/checkout';
import { navigate } from '@plateia/core/stores/navigation';
import { type ReactNode, useEffect, useId } from 'react';
import { emit } from '../../shared/events.ts';
import { useModalDialog } from '../../shared/modal-dialog.ts';

/** Asks the page's `<plateia-login>` to open, adding one (opened) when the page has none. */
function openLoginDialog(): void {
  if (!document.querySelector('plateia-login')) {
    // The script-tag loader sees the new tag and fetches the login element's code.
    const login = document.createElement('plateia-login');
    login.setAttribute('open', '');
    document.body.append(login);
    return;
  }
  // Until the login code is defined nothing listens; after that it keeps the request.
  void customElements.whenDefined('plateia-login').then(() => emit(document, 'plateia-login-open', {}));
}

interface LoginGateProps {
  open: boolean;
  signupUrl: string;
  onClose: () => void;
}

/**
 * Spec §2: "Para finalizar a compra, acesse sua conta", with "Fazer Login" and "Cadastrar".
 * Whoever opens the gate opens the login dialog over it too.
 */
export function LoginGate({ open, signupUrl, onClose }: LoginGateProps): ReactNode {
  const ids = useId();
  const dialog = useModalDialog({ open, onClose });
  // After the gate's own showModal (the hook's effect runs first), so the login dialog
  // lands above the gate in the top layer and takes the clicks.
  useEffect(() => {
    if (open) openLoginDialog();
  }, [open]);
  return (
    <dialog
      {...dialog}
      part="gate"
      className="dialog"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-body`}
      aria-modal="true"
    >
      {open && (
        <div className="panel">
          <h2 id={`${ids}-title`} className="title" part="title">
            {CHECKOUT_MESSAGES.loginRequired}
          </h2>
          <p id={`${ids}-body`}>
            Seus ingressos ficam guardados na sua conta: precisamos dela para enviar as informações dos
            ingressos.
          </p>
          <button type="button" className="primary" part="login-button" onClick={openLoginDialog}>
            Fazer Login
          </button>
          <button
            type="button"
            className="secondary"
            part="signup-button"
            onClick={() => {
              onClose();
              navigate(signupUrl);
            }}
          >
            Cadastrar
          </button>
          <button type="button" className="link" part="close-button" onClick={onClose}>
            Agora não
          </button>
        </div>
      )}
    </dialog>
  );
}
