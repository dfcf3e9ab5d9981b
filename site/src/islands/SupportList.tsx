import { fetchSupportRequests, type SupportRequest } from '@plateia/core/api/support';
import { formatDateTime } from '@plateia/core/format/dates';
import { SUPPORT_STATUS_LABELS } from '@plateia/core/messages/support';
import { useEffect, useState } from 'react';
import { AccountGate } from '../components/AccountGate.tsx';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ErrorCard } from '../components/ErrorCard.tsx';

/** `/support` ("Meus suportes"): the customer's requests with their status. */
export default function SupportList() {
  return (
    <ErrorBoundary>
      <AccountGate reason="Faça login para ver e abrir seus suportes.">{() => <Requests />}</AccountGate>
    </ErrorBoundary>
  );
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'done'; requests: SupportRequest[] };

function Requests() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const read = () => {
    setLoad({ state: 'loading' });
    fetchSupportRequests().then(
      (requests) => setLoad({ state: 'done', requests }),
      () => setLoad({ state: 'error' }),
    );
  };
  useEffect(read, []);
  if (load.state === 'loading') return <div className="card friends-skeleton" aria-busy="true" />;
  if (load.state === 'error') return <ErrorCard onRetry={read} />;
  return (
    <div className="support">
      <div>
        <a className="btn btn-primary" href="/support/create">
          Abrir suporte
        </a>
      </div>
      {load.requests.length === 0 ? (
        <div className="card status-card">
          <h2>Nenhum suporte por aqui</h2>
          <p>
            Precisa de ajuda com um ingresso, pagamento ou sua conta? Abra um suporte e responderemos por aqui
            e por e-mail.
          </p>
        </div>
      ) : (
        <ul className="support-list">
          {load.requests.map((request) => (
            <li key={request.id} className="support-item">
              <a href={`/support/${request.id}`}>
                <span className="support-status" data-status={request.status}>
                  {SUPPORT_STATUS_LABELS[request.status]}
                </span>
                <strong>{request.subject}</strong>
                <span className="muted">
                  #{request.id} · {request.categoryLabel}
                  {request.orderNumber ? ` · Pedido ${request.orderNumber}` : ''}
                  {request.ticketId ? ` · Ingresso #${request.ticketId}` : ''} · atualizado em{' '}
                  {formatDateTime(request.updated_at)}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
