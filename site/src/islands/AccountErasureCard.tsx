import { useStore } from '@nanostores/react';
import {
  $authState,
  $user,
  eraseAccount,
  fetchAccountErasureBlockers,
  navigate,
  sendAccountErasureCode,
  showToast,
} from '@plateia/core';
import { ERASURE_MESSAGES as M } from '@plateia/core/messages/profile';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';

/**
 * "Excluir minha conta" on `/settings/perfil` (docs/accounts.md, "Erasure"): a button opens
 * a confirmation dialog that says what is erased and what is kept, lists what must be
 * resolved first (money, tickets or transfers in flight), e-mails a code and erases with it.
 */
export default function AccountErasureCard() {
  return (
    <ErrorBoundary>
      <Erasure />
    </ErrorBoundary>
  );
}

function Erasure() {
  const authState = useStore($authState);
  const user = useStore($user);
  // The server renders nothing; the first client render must match it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || authState !== 'loggedIn' || !user) return null;
  return <ErasureCard key={user.id} />;
}

type ErasureBlocker = Awaited<ReturnType<typeof fetchAccountErasureBlockers>>[number];

type Step =
  | { kind: 'loading' }
  | { kind: 'blocked'; blockers: ErasureBlocker[] }
  | { kind: 'ready' }
  | { kind: 'code' };

function ErasureCard() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState<Step>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setStep({ kind: 'loading' });
    setError(null);
    setCode('');
    dialog.current?.showModal();
    try {
      const blockers = await fetchAccountErasureBlockers();
      setStep(blockers.length > 0 ? { kind: 'blocked', blockers } : { kind: 'ready' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.failed);
    }
  };
  const close = () => dialog.current?.close();

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      await sendAccountErasureCode();
      setStep({ kind: 'code' });
      showToast({ kind: 'info', message: M.codeSent });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.failed);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await eraseAccount(code);
      close();
      showToast({ kind: 'success', message: M.erased });
      navigate('/');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : M.failed);
      setBusy(false);
    }
  };

  return (
    <section className="card sessions-card" aria-labelledby="erasure-title">
      <h2 id="erasure-title">{M.title}</h2>
      <p className="muted">{M.intro}</p>
      <button type="button" className="btn btn-danger" onClick={() => void open()}>
        {M.title}
      </button>
      <dialog
        ref={dialog}
        className="confirm-dialog"
        aria-labelledby="erasure-dialog-title"
        aria-describedby="erasure-dialog-text"
        data-erasure-dialog
      >
        <h2 id="erasure-dialog-title">{M.title}</h2>
        <p id="erasure-dialog-text">{M.intro}</p>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {step.kind === 'loading' && !error && <p aria-busy="true">{M.busy}</p>}
        {step.kind === 'blocked' && (
          <div role="alert">
            <strong>{M.blockedTitle}</strong>
            <ul data-erasure-blockers>
              {step.blockers.map((blocker) => (
                <li key={blocker.code}>{blocker.message}</li>
              ))}
            </ul>
          </div>
        )}
        {step.kind === 'code' ? (
          <form onSubmit={(event) => void confirm(event)}>
            <div className="field">
              <label htmlFor="erasure-code">{M.codeLabel}</label>
              <input
                id="erasure-code"
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
              />
            </div>
            <div className="confirm-actions">
              <button type="button" className="btn btn-secondary" onClick={close}>
                {M.cancel}
              </button>
              <button type="submit" className="btn btn-danger" disabled={busy || code.length !== 6}>
                {busy ? M.busy : M.confirm}
              </button>
            </div>
          </form>
        ) : (
          <div className="confirm-actions">
            <button type="button" className="btn btn-secondary" onClick={close}>
              {M.cancel}
            </button>
            {step.kind === 'ready' && (
              <button
                type="button"
                className="btn btn-danger"
                disabled={busy}
                onClick={() => void sendCode()}
              >
                {busy ? M.busy : M.sendCode}
              </button>
            )}
          </div>
        )}
      </dialog>
    </section>
  );
}
