/**
 * What the login form holds between openings of the dialog: the typed e-mail and password,
 * the password's visibility, the e-mail's and the form's errors, the notice after a
 * recovery e-mail, and whether a login is under way.
 */

import { LOGIN_MESSAGES } from '@plateia/core/messages/login';
import { isValidEmail } from '@plateia/core/rules/email';
import { login } from '@plateia/core/stores/session';
import { type Dispatch, type FormEvent, type RefObject, type SetStateAction, useState } from 'react';

// Core's `login` rejects with an `Error` whose message is the pt-BR text to show (its own
// fallback when the API host gave nothing usable).
const errorMessage = (error: unknown): string => (error as Error).message;

/** The login form's state, its setters and the e-mail check. */
export interface LoginForm {
  email: string;
  setEmail: Dispatch<SetStateAction<string>>;
  password: string;
  setPassword: Dispatch<SetStateAction<string>>;
  showPassword: boolean;
  setShowPassword: Dispatch<SetStateAction<boolean>>;
  emailError: string;
  setEmailError: Dispatch<SetStateAction<string>>;
  formError: string;
  setFormError: Dispatch<SetStateAction<string>>;
  notice: string;
  setNotice: Dispatch<SetStateAction<string>>;
  submitting: boolean;
  setSubmitting: Dispatch<SetStateAction<boolean>>;
  /** Shows "Endereço de e-mail inválido" under the field unless `value` is an e-mail; true when it is. */
  validateEmail: (value: string) => boolean;
  /**
   * The form's submit: checks what was typed (empty fields, then the e-mail, whose field takes
   * the focus), logs in through core and runs `onLoggedIn`, or shows core's message.
   */
  submit: (
    event: FormEvent<HTMLFormElement>,
    emailRef: RefObject<HTMLInputElement | null>,
    onLoggedIn: () => void,
  ) => Promise<void>;
}

/** The login form's state (kept while the dialog is closed, so a reopened dialog shows what was typed). */
export function useLoginForm(): LoginForm {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [emailError, setEmailError] = useState('');
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const validateEmail = (value: string): boolean => {
    const valid = isValidEmail(value);
    setEmailError(valid ? '' : LOGIN_MESSAGES.invalidEmail);
    return valid;
  };

  const submit: LoginForm['submit'] = async (event, emailRef, onLoggedIn) => {
    event.preventDefault();
    setNotice('');
    const missing = !email.trim() || !password;
    setFormError(missing ? LOGIN_MESSAGES.required : '');
    if (missing) return;
    if (!validateEmail(email)) {
      emailRef.current?.focus();
      return;
    }
    setSubmitting(true);
    try {
      await login(email.trim(), password);
      setPassword('');
      onLoggedIn();
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return {
    submit,
    email,
    setEmail,
    password,
    setPassword,
    showPassword,
    setShowPassword,
    emailError,
    setEmailError,
    formError,
    setFormError,
    notice,
    setNotice,
    submitting,
    setSubmitting,
    validateEmail,
  };
}
