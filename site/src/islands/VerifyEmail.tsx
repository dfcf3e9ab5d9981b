import { verifyEmail } from '@plateia/core';
import { useEffect, useRef, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { StatusIcon } from '../components/StatusIcon.tsx';
import { openLoginDialog } from '../lib/login-dialog.ts';

/**
 * `/verificar-email?token=…`: confirms the address from the e-mailed link, then offers
 * the login. The call runs in the browser, not during server rendering, so link scanners
 * that merely fetch the page do not spend the single-use token.
 */
export default function VerifyEmail() {
  return (
    <ErrorBoundary>
      <Verify />
    </ErrorBoundary>
  );
}

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

function Verify() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const started = useRef(false);
  useEffect(() => {
    // React's development double-run must not send the single-use token twice.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    if (!token) {
      setState({
        kind: 'error',
        message: 'Este link de confirmação está incompleto. Abra o link do e-mail novamente.',
      });
      return;
    }
    verifyEmail(token).then(
      () => setState({ kind: 'success' }),
      (error: unknown) =>
        setState({
          kind: 'error',
          message: error instanceof Error ? error.message : 'Não foi possível validar seu e-mail.',
        }),
    );
  }, []);

  return (
    <div className="card status-card" aria-live="polite">
      <StatusIcon kind={state.kind} />
      {state.kind === 'loading' && <h2>Confirmando seu e-mail...</h2>}
      {state.kind === 'success' && (
        <>
          <h2>E-mail confirmado!</h2>
          <p>Sua conta está ativa. Faça login para ver seus ingressos e aproveitar a Plateia.</p>
          <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
            Fazer login
          </button>
        </>
      )}
      {state.kind === 'error' && (
        <>
          <h2>Não foi possível confirmar</h2>
          <p>{state.message}</p>
          <p>
            Se sua conta já foi confirmada, é só fazer login. Se o problema continuar, fale com o suporte.
          </p>
          <div className="status-actions">
            <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
              Fazer login
            </button>
            <a className="btn btn-secondary" href="/support/create">
              ABRIR SUPORTE
            </a>
          </div>
        </>
      )}
    </div>
  );
}
