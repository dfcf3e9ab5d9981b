import { useStore } from '@nanostores/react';
import { formatEventDateShort } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import {
  SHARED_PAYMENT_MESSAGES as M,
  SHARED_PAYMENT_STATUS_LABELS,
} from '@plateia/core/messages/shared-payments';
import { $mySharedPayments, loadMySharedPayments } from '@plateia/core/stores/shared-payments';
import { useEffect, useState } from 'react';
import { groupPagePath } from '../lib/shared-payments.ts';

/**
 * Meus Ingressos' "Pagamentos compartilhados": the groups the customer leads or joined (newest
 * first, 10 a page), each linking to its group page. Shown only when there is one: the
 * list is extra, so a failure to read it leaves the tickets alone.
 */
export function SharedPaymentsList() {
  const list = useStore($mySharedPayments);
  const [page, setPage] = useState(1);
  useEffect(() => {
    void loadMySharedPayments({ page });
  }, [page]);
  const items = list.view?.items ?? [];
  const pages = list.view ? Math.max(1, Math.ceil(list.view.total / list.view.limit)) : 1;
  if (items.length === 0 && page === 1) return null;
  return (
    <section className="tickets-section" aria-labelledby="pagamentos-compartilhados">
      <h2 id="pagamentos-compartilhados">{M.listTitle}</h2>
      <ul className="tickets-list">
        {items.map((item) => (
          <li key={item.id} className="ticket-card" data-shared-payment-id={item.id}>
            <div className="ticket-card-main">
              <a className="ticket-card-type" href={groupPagePath(item.id)}>
                {item.event.name}
              </a>
              <span className="ticket-card-transfer">
                {formatEventDateShort(item.event.startsAt)} · Pedido {item.orderNumber} ·{' '}
                {item.viewerRole === 'leader' ? M.leader : 'Convidado'}
              </span>
              <span className="ticket-card-transfer">
                {M.progress(item.sharesPaid, item.sharesTotal)} ·{' '}
                {M.collected(formatCents(item.paidCents), formatCents(item.totalCents))}
              </span>
            </div>
            <span className={`ticket-status${item.status === 'completed' ? ' ticket-status-valid' : ''}`}>
              {SHARED_PAYMENT_STATUS_LABELS[item.status]}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="ticket-card-actions" aria-label={`${M.listTitle}: páginas`}>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page <= 1 || list.loading}
            onClick={() => setPage(page - 1)}
          >
            Mais recentes
          </button>
          <span className="muted" aria-live="polite">
            Página {page} de {pages}
          </span>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={page >= pages || list.loading}
            onClick={() => setPage(page + 1)}
          >
            Anteriores
          </button>
        </nav>
      )}
    </section>
  );
}
