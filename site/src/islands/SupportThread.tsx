import { useStore } from '@nanostores/react';
import { formatDateTime } from '@plateia/core/format/dates';
import { SUPPORT_MESSAGES, SUPPORT_STATUS_LABELS } from '@plateia/core/messages/support';
import {
  $supportThread,
  openSupportThread,
  replyToSupport,
  revalidateSupport,
} from '@plateia/core/stores/support';
import { type FormEvent, useEffect, useState } from 'react';
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

function Thread({ requestId }: { requestId: number }) {
  useEffect(() => openSupportThread(requestId), [requestId]);
  const { data: thread, error } = useStore($supportThread);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    const sent = await replyToSupport(requestId, text.trim());
    if (sent.ok) setText('');
    setBusy(false);
  }

  const shown = thread?.request.id === requestId ? thread : null;
  if (error && !shown) return <ErrorCard onRetry={revalidateSupport} />;
  if (!shown) return <div className="card friends-skeleton" aria-busy="true" />;
  const { request, messages } = shown;
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
