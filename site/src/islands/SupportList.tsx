import { useStore } from '@nanostores/react';
import { formatDateTime } from '@plateia/core/format/dates';
import { SUPPORT_STATUS_LABELS } from '@plateia/core/messages/support';
import { $supportRequests, revalidateSupport } from '@plateia/core/stores/support';
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

function Requests() {
  const { data: requests, error } = useStore($supportRequests);
  if (error && !requests) return <ErrorCard onRetry={revalidateSupport} />;
  if (!requests) return <div className="card friends-skeleton" aria-busy="true" />;
  return (
    <div className="support">
      <div>
        <a className="btn btn-primary" href="/support/create">
          Abrir suporte
        </a>
      </div>
      {requests.length === 0 ? (
        <div className="card status-card">
          <h2>Nenhum suporte por aqui</h2>
          <p>
            Precisa de ajuda com um ingresso, pagamento ou sua conta? Abra um suporte e responderemos por aqui
            e por e-mail.
          </p>
        </div>
      ) : (
        <ul className="support-list">
          {requests.map((request) => (
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
