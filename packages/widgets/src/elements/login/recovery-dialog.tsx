/**
 * "Esqueceu sua senha?", the login dialog's second modal dialog (docs/widgets.md):
 * asks for the account's e-mail and has core send the recovery link.
 */

import { LOGIN_MESSAGES } from '@plateia/core/messages/login';
import { isValidEmail } from '@plateia/core/rules/email';
import { requestPasswordRecovery } from '@plateia/core/stores/session';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useModalDialog } from '../../shared/modal-dialog.ts';

// Core's `requestPasswordRecovery` rejects with an `Error` whose message is the pt-BR text to
// show (its own fallback when the API host gave nothing usable).
const errorMessage = (error: unknown): string => (error as Error).message;

/** Props of {@link RecoveryDialog}. */
export interface RecoveryDialogProps {
  open: boolean;
  initialEmail: string;
  onCancel: () => void;
  onSent: (message: string) => void;
}

/** "Esqueceu sua senha?": asks for the recovery e-mail (docs/widgets.md). */
export function RecoveryDialog({ open, initialEmail, onCancel, onSent }: RecoveryDialogProps): ReactNode {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const ids = useId();
  // The e-mail field is the dialog's first control, so it takes the focus on open.
  const dialog = useModalDialog({ open, onClose: onCancel });

  // Each opening starts from what the login form holds.
  useEffect(() => {
    if (open) {
      setEmail(initialEmail);
      setError('');
    }
  }, [open, initialEmail]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(LOGIN_MESSAGES.invalidEmail);
      inputRef.current?.focus();
      return;
    }
    setError('');
    setSending(true);
    try {
      onSent(await requestPasswordRecovery(email.trim()));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setSending(false);
    }
  };

  const errorId = `${ids}-error`;
  return (
    <dialog
      {...dialog}
      part="recovery"
      className="dialog recovery"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-hint`}
      aria-modal="true"
    >
      {open && (
        <form className="panel form" noValidate onSubmit={onSubmit}>
          <h2 id={`${ids}-title`} className="title" part="title">
            Esqueceu sua senha?
          </h2>
          <p id={`${ids}-hint`} className="hint">
            Informe o e-mail da sua conta para receber o link de recuperação.
          </p>
          <div className="field">
            <label htmlFor={`${ids}-email`}>E-mail</label>
            <input
              ref={inputRef}
              id={`${ids}-email`}
              part="input"
              type="email"
              name="recovery-email"
              autoComplete="email"
              inputMode="email"
              value={email}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={errorId}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="secondary" onClick={onCancel}>
              Cancelar
            </button>
            <button type="submit" className="primary" disabled={sending} aria-busy={sending}>
              Enviar
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
