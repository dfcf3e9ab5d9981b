import { useStore } from '@nanostores/react';
import { $authState, $user, formatCents } from '@plateia/core';
import { useCallback, useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ErrorCard } from '../components/ErrorCard.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { eventPath, formatEventDateLong, lotLabel, venueLine } from '../lib/event-format.ts';
import {
  fetchMyTickets,
  groupTicketsByEvent,
  type MyTicket,
  seatLabel,
  type TicketsByEvent,
  ticketStatusLabel,
} from '../lib/my-tickets.ts';

/**
 * `/mytickets` ("Meus Ingressos"): the logged-in customer's tickets grouped by event,
 * upcoming first. Each ticket shows its type and lot, seat, holder, order and status.
 * The rotating entry QR code is not part of this page yet, and the page says so instead
 * of drawing a code that would not get anyone in.
 */
export default function MyTickets() {
  return (
    <ErrorBoundary>
      <TicketsForSession />
    </ErrorBoundary>
  );
}

type Load = { state: 'loading' } | { state: 'error' } | { state: 'done'; groups: TicketsByEvent[] };

function TicketsForSession() {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated || authState === 'loading') return <TicketsSkeleton />;
  if (authState === 'loggedOut' || !user) {
    return (
      <LoggedOutCard iconPath="M22 10V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v4a2 2 0 0 1 0 4v4a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-4a2 2 0 0 1 0-4Zm-2-1.46a4 4 0 0 0 0 6.92V18H4v-2.54a4 4 0 0 0 0-6.92V6h16v2.54Z">
        Seus ingressos ficam só na sua conta. Faça login para vê-los.
      </LoggedOutCard>
    );
  }
  // Keyed by account: a login as someone else in another tab reloads the list.
  return <TicketList key={user.id} />;
}

function TicketList() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const read = useCallback(() => {
    let current = true;
    setLoad({ state: 'loading' });
    fetchMyTickets().then(
      (tickets) => current && setLoad({ state: 'done', groups: groupTicketsByEvent(tickets) }),
      () => current && setLoad({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, []);
  useEffect(read, [read]);

  if (load.state === 'loading') return <TicketsSkeleton />;
  if (load.state === 'error') return <ErrorCard onRetry={read} />;
  if (load.groups.length === 0) {
    return (
      <div className="card status-card">
        <h2>Você ainda não tem ingressos</h2>
        <p>Quando você comprar, ou alguém comprar para o seu e-mail, seus ingressos aparecem aqui.</p>
        <div className="status-actions">
          <a className="btn btn-primary" href="/#proximos-eventos">
            Ver próximos eventos
          </a>
        </div>
      </div>
    );
  }
  const upcoming = load.groups.filter((group) => !group.isPast);
  const past = load.groups.filter((group) => group.isPast);
  return (
    <div className="tickets">
      <p className="tickets-qr-note" role="note">
        O QR Code de entrada ainda não é exibido nesta página. Os QR Codes dos ingressos se atualizam
        constantemente, por isso não recomendamos capturas de tela.
      </p>
      {upcoming.length > 0 && (
        <EventGroups headingId="ingressos-proximos" title="Próximos eventos" groups={upcoming} />
      )}
      {past.length > 0 && (
        <EventGroups headingId="ingressos-passados" title="Eventos passados" groups={past} />
      )}
    </div>
  );
}

function EventGroups({
  headingId,
  title,
  groups,
}: {
  headingId: string;
  title: string;
  groups: TicketsByEvent[];
}) {
  return (
    <section className="tickets-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {groups.map((group) => (
        <article key={group.event.id} className="tickets-event" aria-labelledby={`evento-${group.event.id}`}>
          <header className="tickets-event-head">
            <h3 id={`evento-${group.event.id}`}>
              <a href={eventPath(group.event)}>{group.event.name}</a>
            </h3>
            <p className="muted">
              <time dateTime={group.event.startsAt}>{formatEventDateLong(group.event.startsAt)}</time> ·{' '}
              {venueLine(group.event)}
            </p>
          </header>
          <ul className="tickets-list">
            {group.tickets.map((ticket) => (
              <TicketItem key={ticket.id} ticket={ticket} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

function TicketItem({ ticket }: { ticket: MyTicket }) {
  const seat = seatLabel(ticket.seat);
  return (
    <li className="ticket-card" data-ticket-id={ticket.id}>
      <div className="ticket-card-main">
        <p className="ticket-card-type">
          {ticket.ticketType.name}{' '}
          <span className="ticket-card-lot">{lotLabel(ticket.ticketType.nNumber)}</span>
        </p>
        {seat && <p className="ticket-card-seat">{seat}</p>}
        <dl className="ticket-card-facts">
          <div>
            <dt>Titular</dt>
            <dd>{ticket.holderEmail}</dd>
          </div>
          <div>
            <dt>Ingresso</dt>
            <dd>#{ticket.id}</dd>
          </div>
          {ticket.order && (
            <div>
              <dt>Pedido</dt>
              <dd>{ticket.order.number}</dd>
            </div>
          )}
          <div>
            <dt>Valor</dt>
            <dd>{ticket.courtesy ? 'Cortesia' : formatCents(ticket.priceCents)}</dd>
          </div>
        </dl>
      </div>
      <span className={`ticket-status ticket-status-${ticket.status}`}>
        {ticketStatusLabel(ticket.status)}
      </span>
    </li>
  );
}

function TicketsSkeleton() {
  return (
    <div className="tickets-skeleton" aria-busy="true">
      <span className="visually-hidden">Carregando seus ingressos…</span>
      {[0, 1].map((row) => (
        <div key={row} className="card tickets-skeleton-card">
          <span className="skeleton" style={{ width: '45%', height: 20 }} />
          <span className="skeleton" style={{ width: '30%', height: 14 }} />
          <span className="skeleton" style={{ width: '100%', height: 88, borderRadius: 12 }} />
        </div>
      ))}
    </div>
  );
}
