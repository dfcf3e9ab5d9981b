import { resetPassword } from '@plateia/core';
import { SIGN_UP_MESSAGES as M } from '@plateia/core/messages/accounts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@plateia/core/rules/password';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { FormField } from '../components/FormField.tsx';
import { StatusIcon } from '../components/StatusIcon.tsx';
import { openLoginDialog } from '../lib/login-dialog.ts';

/** `/recuperar-senha?token=…&email=…`: asks for the new password and sets it. */
export default function ResetPasswordForm() {
  return (
    <ErrorBoundary>
      <ResetPassword />
    </ErrorBoundary>
  );
}

function ResetPassword() {
  const [link, setLink] = useState<{ token: string; email: string } | null | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const token = params.get('token');
    const email = params.get('email');
    setLink(token && email ? { token, email } : null);
  }, []);

  if (link === undefined) {
    return (
      <div className="card status-card">
        <StatusIcon kind="loading" />
      </div>
    );
  }

  if (link === null) {
    return (
      <div className="card status-card">
        <StatusIcon kind="error" />
        <h2>Link incompleto</h2>
        <p>Abra novamente o link enviado para o seu e-mail ou peça um novo em "Esqueceu sua senha?".</p>
        <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
          Fazer login
        </button>
      </div>
    );
  }

  if (done) {
    return (
      <div className="card status-card" aria-live="polite">
        <StatusIcon kind="success" />
        <h2>Senha alterada!</h2>
        <p>Sua nova senha já vale. Faça login com ela para continuar.</p>
        <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog(link.email)}>
          Fazer login
        </button>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: password.length < MIN_PASSWORD_LENGTH ? M.passwordShort : undefined,
      confirm: confirm !== password ? M.passwordMismatch : undefined,
    };
    setErrors(found);
    setFormError(null);
    if (found.password || found.confirm) return;
    setSubmitting(true);
    try {
      await resetPassword(link.token, link.email, password);
      setDone(true);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'Não foi possível alterar sua senha.');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="card reset-form" noValidate onSubmit={onSubmit}>
      <p className="muted">
        Criando uma nova senha para <strong>{link.email}</strong>.
      </p>
      <FormField
        label="Nova senha"
        name="password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={M.passwordHint}
        maxLength={MAX_PASSWORD_LENGTH}
        required
      />
      <FormField
        label="Confirmar nova senha"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={errors.confirm}
        maxLength={MAX_PASSWORD_LENGTH}
        required
      />
      {formError && (
        <p className="alert alert-error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={submitting}>
        {submitting ? 'Salvando...' : 'Salvar nova senha'}
      </button>
    </form>
  );
}
