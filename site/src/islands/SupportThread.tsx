import { showToast } from '@plateia/core';
import { ApiError } from '@plateia/core/api/client';
import {
  fetchSupportThread,
  replyToSupport,
  type SupportMessage,
  type SupportRequest,
} from '@plateia/core/api/support';
import { formatDateTime } from '@plateia/core/format/dates';
import { SUPPORT_MESSAGES, SUPPORT_STATUS_LABELS } from '@plateia/core/messages/support';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { AccountGate } from '../components/AccountGate.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ErrorCard } from '../components/ErrorCard.tsx';

/** `/support/{id}`: one request's thread and the reply form. */
export default function SupportThread({ requestId }: { requestId: number }) {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login para ver seu suporte.">
        {() => <Thread requestId={requestId} />}
      </AccountGate>
    </ErrorBoundary>
  );
}

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; request: SupportRequest; messages: SupportMessage[] };

function Thread({ requestId }: { requestId: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const read = useCallback(() => {
    fetchSupportThread(requestId).then(
      (thread) => setLoad({ state: 'done', ...thread }),
      (error) =>
        setLoad({
          state: 'error',
          message: error instanceof ApiError ? error.message : SUPPORT_MESSAGES.loadFailed,
        }),
    );
  }, [requestId]);
  useEffect(read, [read]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    try {
      await replyToSupport(requestId, text.trim());
      setText('');
      showToast({ kind: 'success', message: SUPPORT_MESSAGES.replied });
      read();
    } catch (error) {
      showToast({
        kind: 'error',
        message: error instanceof ApiError ? error.message : SUPPORT_MESSAGES.replyFailed,
      });
    } finally {
      setBusy(false);
    }
  }

  if (load.state === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (load.state === 'error') return <ErrorCard onRetry={read} />;
  const { request, messages } = load;
  return (
    <div className="support">
      <a href="/support" className="muted">
        ← Meus suportes
      </a>
      <header>
        <h2>{request.subject}</h2>
        <p className="muted">
          <span className="support-status" data-status={request.status}>
            {SUPPORT_STATUS_LABELS[request.status]}
          </span>{' '}
          #{request.id} · {request.categoryLabel}
          {request.orderNumber ? ` · Pedido ${request.orderNumber}` : ''}
          {request.ticketId ? ` · Ingresso #${request.ticketId}` : ''}
        </p>
      </header>
      <ol className="support-thread">
        {messages.map((message) => (
          <li key={message.id} className="support-post" data-author={message.author}>
            <p className="muted">
              {message.author === 'staff' ? 'Equipe Plateia' : 'Você'} · {formatDateTime(message.created_at)}
            </p>
            <p>{message.body}</p>
            {message.attachments.length > 0 && (
              <p className="muted">Anexos: {message.attachments.map((file) => file.fileName).join(', ')}</p>
            )}
          </li>
        ))}
      </ol>
      {request.status === 'closed' ? (
        <p className="muted">{SUPPORT_MESSAGES.closed}</p>
      ) : (
        <form className="card support-form" onSubmit={onSubmit} aria-busy={busy}>
          <label htmlFor="support-reply">Responder</label>
          <textarea
            id="support-reply"
            className="input"
            rows={4}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
              Enviar resposta
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
