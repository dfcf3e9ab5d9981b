/**
 * The login dialog's two bodies: the password form with Google and "Criar Conta Gratuita"
 * (the storefront and pages that bundle the elements on its origin), and "Entrar com a
 * Plateia" on a producer's page, where no password is typed (docs/widgets.md).
 */

import { LOGIN_MESSAGES } from '@plateia/core/messages/login';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { LoginForm } from './use-login-form.ts';

interface EmbedLoginPanelProps {
  formErrorId: string;
  formError: string;
  onLogin: () => void;
}

/** On a producer's page: the storefront's secure window instead of a password field. */
export function EmbedLoginPanel({ formErrorId, formError, onLogin }: EmbedLoginPanelProps): ReactNode {
  return (
    <div className="form">
      <p className="hint">
        Você entra na sua conta numa janela segura da Plateia. Este site não vê sua senha nem seus dados
        pessoais.
      </p>
      <p id={formErrorId} className="form-error" role="alert">
        {formError}
      </p>
      <button type="button" className="primary" part="submit-button" onClick={onLogin}>
        Entrar com a Plateia
      </button>
    </div>
  );
}

interface PasswordLoginProps {
  /** Prefix of the fields' ids. */
  ids: string;
  form: LoginForm;
  emailRef: RefObject<HTMLInputElement | null>;
  googleRedirecting: boolean;
  googleWindowOpen: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onForgot: () => void;
  onGoogle: () => void;
  onSignup: () => void;
}

/** E-mail and password, "Esqueceu sua senha?", Google sign-in and "Criar Conta Gratuita". */
export function PasswordLogin({
  ids,
  form,
  emailRef,
  googleRedirecting,
  googleWindowOpen,
  onSubmit,
  onForgot,
  onGoogle,
  onSignup,
}: PasswordLoginProps): ReactNode {
  const { email, emailError, showPassword } = form;
  const emailErrorId = `${ids}-email-error`;
  const formErrorId = `${ids}-form-error`;
  return (
    <>
      <form className="form" noValidate onSubmit={onSubmit} aria-describedby={formErrorId}>
        <div className="field">
          <label htmlFor={`${ids}-email`}>E-mail</label>
          <input
            ref={emailRef}
            id={`${ids}-email`}
            part="input"
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            value={email}
            aria-invalid={emailError ? 'true' : undefined}
            aria-describedby={emailError ? emailErrorId : undefined}
            onChange={(event) => {
              form.setEmail(event.currentTarget.value);
              if (emailError) form.setEmailError('');
            }}
            onBlur={() => {
              if (email.trim()) form.validateEmail(email);
            }}
          />
          <p id={emailErrorId} className="field-error" aria-live="polite">
            {emailError}
          </p>
        </div>

        <div className="field">
          <label htmlFor={`${ids}-password`}>Senha</label>
          <div className="password">
            <input
              id={`${ids}-password`}
              part="input"
              type={showPassword ? 'text' : 'password'}
              name="password"
              autoComplete="current-password"
              value={form.password}
              onChange={(event) => form.setPassword(event.currentTarget.value)}
            />
            <button
              type="button"
              className="toggle"
              part="password-toggle"
              aria-pressed={showPassword}
              aria-label={showPassword ? 'Ocultar senha' : 'Mostrar senha'}
              onClick={() => form.setShowPassword((shown) => !shown)}
            >
              {showPassword ? 'Ocultar' : 'Mostrar'}
            </button>
          </div>
        </div>

        <button type="button" className="link" part="forgot-link" onClick={onForgot}>
          Esqueceu sua senha?
        </button>

        <p id={formErrorId} className="form-error" role="alert">
          {form.formError}
        </p>
        <p className="notice" role="status">
          {form.notice}
        </p>

        <button
          type="submit"
          className="primary"
          part="submit-button"
          disabled={form.submitting}
          aria-busy={form.submitting}
        >
          Fazer Login com Email
        </button>
      </form>

      <button
        type="button"
        className="google"
        part="google-button"
        disabled={googleRedirecting}
        onClick={onGoogle}
      >
        {googleMark}
        Fazer Login com Google
      </button>
      <p className="notice" role="status">
        {googleRedirecting
          ? LOGIN_MESSAGES.googleRedirecting
          : googleWindowOpen
            ? LOGIN_MESSAGES.googleWindow
            : ''}
      </p>

      <button type="button" className="secondary" part="signup-button" onClick={onSignup}>
        Criar Conta Gratuita
      </button>
    </>
  );
}

// The Google "G": one element, made once and reused by every render. Decorative, and
// (without a tabindex) never focusable in any browser the elements run in.
const googleMark = (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path
      fill="#4285F4"
      d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
    />
    <path
      fill="#34A853"
      d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3a7.2 7.2 0 0 1-10.8-3.8h-4v3.1A12 12 0 0 0 12 24z"
    />
    <path fill="#FBBC05" d="M5.2 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
    <path
      fill="#EA4335"
      d="M12 4.8c1.8 0 3.4.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.2 6.6l4 3.1A7.2 7.2 0 0 1 12 4.8z"
    />
  </svg>
);
