import { useStore } from '@nanostores/react';
import { $authState, $user, formatCents } from '@plateia/core';
import type { PendingTicketTransfer } from '@plateia/core/contracts/tickets';
import { formatEventDateLong } from '@plateia/core/format/dates';
import { TICKET_CODE_MESSAGES, TRANSFER_MESSAGES } from '@plateia/core/messages/tickets';
import {
  $myTickets,
  $ticketCodeKeys,
  $ticketsSource,
  $ticketTransfers,
  acceptTicketTransfer,
  cancelTicketTransfer,
  loadMyTickets,
  type TicketCodeFrame,
  ticketCodeFrame,
  transferTicket,
} from '@plateia/core/stores/tickets';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { encode } from 'uqr';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { ErrorCard } from '../components/ErrorCard.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { SharedPaymentsList } from '../components/SharedPaymentsList.tsx';
import { TicketRefund } from '../components/TicketRefund.tsx';
import { TicketResale } from '../components/TicketResale.tsx';
import { eventPath, lotLabel, venueLine } from '../lib/event-format.ts';
import {
  groupTicketsByEvent,
  type MyTicket,
  seatLabel,
  type TicketsByEvent,
  ticketStatusLabel,
} from '../lib/my-tickets.ts';
import { registerTicketsServiceWorker } from '../lib/tickets-offline.ts';

/**
 * `/mytickets` ("Meus Ingressos", docs/tickets.md): the logged-in customer's tickets grouped
 * by event, upcoming first. A valid ticket opens full screen with its rotating QR code,
 * drawn on this device from the ticket's secret and the server's clock, also offline once
 * the page has been visited with signal. Tickets are transferred by e-mail from here, and
 * transfers received are accepted here.
 */
export default function MyTickets() {
  return (
    <ErrorBoundary>
      <TicketsForSession />
    </ErrorBoundary>
  );
}

const TICKET_ICON =
  'M22 10V6a2 2 0 0 0-2-2H4a2 2 0 0 0-2 2v4a2 2 0 0 1 0 4v4a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-4a2 2 0 0 1 0-4Zm-2-1.46a4 4 0 0 0 0 6.92V18H4v-2.54a4 4 0 0 0 0-6.92V6h16v2.54Z';

function TicketsForSession() {
  const authState = useStore($authState);
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => registerTicketsServiceWorker(), []);

  if (!hydrated || authState === 'loading') return <TicketsSkeleton />;
  if (authState === 'loggedOut' || !user) {
    return (
      <LoggedOutCard iconPath={TICKET_ICON}>
        Seus ingressos ficam só na sua conta. Faça login para vê-los.
      </LoggedOutCard>
    );
  }
  // Keyed by account: a login as someone else in another tab reloads the list.
  return <TicketList key={user.id} />;
}

function TicketList() {
  const tickets = useStore($myTickets);
  const source = useStore($ticketsSource);
  const transfers = useStore($ticketTransfers);
  const [open, setOpen] = useState<number | null>(null);

  const read = useCallback(() => {
    void loadMyTickets().catch(() => {});
  }, []);
  useEffect(read, [read]);
  // Coming back online refreshes the list (and the device's copy).
  useEffect(() => {
    window.addEventListener('online', read);
    return () => window.removeEventListener('online', read);
  }, [read]);

  const groups = useMemo(() => groupTicketsByEvent(tickets), [tickets]);
  const openTicket = tickets.find((ticket) => ticket.id === open) ?? null;

  if (source === 'idle' || (source === 'loading' && tickets.length === 0)) return <TicketsSkeleton />;
  if (source === 'error') return <ErrorCard onRetry={read} />;
  const upcoming = groups.filter((group) => !group.isPast);
  const past = groups.filter((group) => group.isPast);
  return (
    <div className="tickets">
      {source === 'offline' && (
        <p className="tickets-offline" role="status">
          {TICKET_CODE_MESSAGES.offline}
        </p>
      )}
      <p className="tickets-qr-note" role="note">
        {TICKET_CODE_MESSAGES.screenshot}
      </p>
      {transfers.incoming.length > 0 && <IncomingTransfers transfers={transfers.incoming} />}
      {source === 'online' && <SharedPaymentsList />}
      {groups.length === 0 && (
        <div className="card status-card">
          <h2>Você ainda não tem ingressos</h2>
          <p>
            Quando você comprar, ou alguém comprar ou transferir para o seu e-mail, seus ingressos aparecem
            aqui.
          </p>
          <div className="status-actions">
            <a className="btn btn-primary" href="/#proximos-eventos">
              Ver próximos eventos
            </a>
          </div>
        </div>
      )}
      {upcoming.length > 0 && (
        <EventGroups
          headingId="ingressos-proximos"
          title="Próximos eventos"
          groups={upcoming}
          online={source === 'online'}
          onOpen={setOpen}
        />
      )}
      {past.length > 0 && (
        <EventGroups
          headingId="ingressos-passados"
          title="Eventos passados"
          groups={past}
          online={source === 'online'}
          onOpen={setOpen}
        />
      )}
      {openTicket && <TicketCodeView ticket={openTicket} onClose={() => setOpen(null)} />}
    </div>
  );
}

function IncomingTransfers({ transfers }: { transfers: readonly PendingTicketTransfer[] }) {
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <section className="tickets-section tickets-incoming" aria-labelledby="transferencias-recebidas">
      <h2 id="transferencias-recebidas">Transferências recebidas</h2>
      <ul className="tickets-list">
        {transfers.map((transfer) => (
          <li key={transfer.id} className="ticket-card" data-transfer-id={transfer.id}>
            <div className="ticket-card-main">
              <p className="ticket-card-type">
                {transfer.ticket.typeName}{' '}
                <span className="ticket-card-lot">{lotLabel(transfer.ticket.nNumber)}</span>
              </p>
              <p>
                {transfer.ticket.eventName} ·{' '}
                <time dateTime={transfer.ticket.eventStartsAt}>
                  {formatEventDateLong(transfer.ticket.eventStartsAt)}
                </time>
              </p>
              <p className="muted">Enviado por {transfer.fromEmail}</p>
            </div>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy !== null}
              onClick={async () => {
                setBusy(transfer.id);
                await acceptTicketTransfer(transfer.id);
                setBusy(null);
              }}
            >
              {busy === transfer.id ? 'Aceitando…' : 'Aceitar ingresso'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EventGroups({
  headingId,
  title,
  groups,
  online,
  onOpen,
}: {
  headingId: string;
  title: string;
  groups: TicketsByEvent[];
  online: boolean;
  onOpen: (ticketId: number) => void;
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
              <TicketItem
                key={ticket.id}
                ticket={ticket}
                isPast={group.isPast}
                online={online}
                onOpen={() => onOpen(ticket.id)}
              />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}

function TicketItem({
  ticket,
  isPast,
  online,
  onOpen,
}: {
  ticket: MyTicket;
  isPast: boolean;
  online: boolean;
  onOpen: () => void;
}) {
  const seat = seatLabel(ticket.seat);
  const keys = useStore($ticketCodeKeys);
  const hasCode =
    (ticket.status === 'valid' || ticket.status === 'pending_transfer') && Boolean(keys[ticket.id]);
  const canTransfer = online && ticket.status === 'valid' && !isPast;
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
        {ticket.transfer?.status === 'pending' && (
          <p className="ticket-card-transfer">
            Transferência para <strong>{ticket.transfer.toEmail}</strong> aguardando aceite.
          </p>
        )}
        {ticket.transfer?.status === 'accepted' && (
          <p className="ticket-card-transfer">Transferido para {ticket.transfer.toEmail}.</p>
        )}
        <div className="ticket-card-actions">
          {hasCode && (
            <button type="button" className="btn btn-primary" onClick={onOpen}>
              Ver QR Code
            </button>
          )}
          {canTransfer && <TransferForm ticketId={ticket.id} />}
          {online && ticket.status === 'pending_transfer' && ticket.transfer && (
            <CancelTransferButton transferId={ticket.transfer.id} />
          )}
          <TicketResale ticket={ticket} online={online} isPast={isPast} />
          <TicketRefund ticket={ticket} online={online} />
        </div>
      </div>
      <span className={`ticket-status ticket-status-${ticket.status}`}>
        {ticketStatusLabel(ticket.status)}
      </span>
    </li>
  );
}

function CancelTransferButton({ transferId }: { transferId: number }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-secondary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await cancelTicketTransfer(transferId);
        setBusy(false);
      }}
    >
      {busy ? 'Cancelando…' : 'Cancelar transferência'}
    </button>
  );
}

type TransferStep =
  | { step: 'closed' }
  | { step: 'email' }
  | { step: 'confirm'; email: string }
  | { step: 'sending' };

function TransferForm({ ticketId }: { ticketId: number }) {
  const [state, setState] = useState<TransferStep>({ step: 'closed' });
  const [email, setEmail] = useState('');
  const inputId = useId();
  if (state.step === 'closed') {
    return (
      <button type="button" className="btn btn-secondary" onClick={() => setState({ step: 'email' })}>
        Transferir
      </button>
    );
  }
  if (state.step === 'email') {
    const next = (event: FormEvent) => {
      event.preventDefault();
      setState({ step: 'confirm', email: email.trim() });
    };
    return (
      <form className="ticket-transfer-form" onSubmit={next} aria-label={`Transferir ingresso #${ticketId}`}>
        <div className="field">
          <label htmlFor={inputId}>E-mail de quem vai receber</label>
          <input
            id={inputId}
            className="input"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="ticket-transfer-actions">
          <button type="submit" className="btn btn-primary">
            Continuar
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setState({ step: 'closed' })}>
            Voltar
          </button>
        </div>
      </form>
    );
  }
  if (state.step === 'confirm') {
    return (
      <fieldset className="ticket-transfer-form" aria-label="Confirmar transferência">
        <p>{TRANSFER_MESSAGES.confirm(state.email)}</p>
        <div className="ticket-transfer-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={async () => {
              setState({ step: 'sending' });
              const sent = await transferTicket(ticketId, state.email);
              setState(sent ? { step: 'closed' } : { step: 'email' });
            }}
          >
            Confirmar transferência
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setState({ step: 'email' })}>
            Voltar
          </button>
        </div>
      </fieldset>
    );
  }
  return <p className="muted">Transferindo…</p>;
}

/** The QR modules as one SVG path: one unit square per dark module. */
function qrPath(text: string): { size: number; d: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, d };
}

/** Re-renders as the server clock moves: the frame changes each step, the countdown each second. */
function useCodeFrame(ticketId: number): TicketCodeFrame | null {
  const [frame, setFrame] = useState(() => ticketCodeFrame(ticketId));
  useEffect(() => {
    const tick = () => setFrame(ticketCodeFrame(ticketId));
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [ticketId]);
  return frame;
}

function TicketCodeView({ ticket, onClose }: { ticket: MyTicket; onClose: () => void }) {
  const frame = useCodeFrame(ticket.id);
  const dialog = useRef<HTMLDivElement>(null);
  const payload = frame?.payload ?? null;
  const qr = useMemo(() => (payload ? qrPath(payload) : null), [payload]);
  const seat = seatLabel(ticket.seat);
  const secondsLeft = frame ? Math.ceil(frame.msLeft / 1000) : 0;

  // Keeps the screen on while the code is shown at the door, where the browser allows it.
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let closed = false;
    navigator.wakeLock?.request('screen').then(
      (sentinel) => {
        if (closed) void sentinel.release().catch(() => {});
        else lock = sentinel;
      },
      () => {},
    );
    return () => {
      closed = true;
      void lock?.release().catch(() => {});
    };
  }, []);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus();
    };
  }, [onClose]);

  return (
    <div
      ref={dialog}
      className="ticket-code-view"
      role="dialog"
      aria-modal="true"
      aria-labelledby="ticket-code-title"
      tabIndex={-1}
    >
      <div className="ticket-code-inner">
        <header className="ticket-code-head">
          <h2 id="ticket-code-title">{ticket.event.name}</h2>
          <p>
            {ticket.ticketType.name} · {lotLabel(ticket.ticketType.nNumber)}
            {seat ? ` · ${seat}` : ''}
          </p>
          <p className="muted">
            Titular: {ticket.holderEmail} · Ingresso #{ticket.id}
          </p>
        </header>
        {frame && qr ? (
          <>
            <div className="ticket-code-live" aria-hidden="true">
              <span className="ticket-code-band" />
            </div>
            <svg
              className="ticket-code-qr"
              viewBox={`0 0 ${qr.size} ${qr.size}`}
              role="img"
              aria-label="QR Code de entrada"
              data-payload={frame.payload}
              shapeRendering="crispEdges"
            >
              <rect width={qr.size} height={qr.size} fill="#fff" />
              <path d={qr.d} fill="#000" />
            </svg>
            <p className="ticket-code-digits" data-step={frame.step}>
              {frame.code.slice(0, 3)} {frame.code.slice(3)}
            </p>
            <div className="ticket-code-timer">
              <span className="ticket-code-progress" style={{ width: `${(frame.msLeft / 15_000) * 100}%` }} />
            </div>
            <p className="ticket-code-countdown" role="timer" aria-live="off">
              Novo código em {secondsLeft} s
            </p>
          </>
        ) : (
          <p role="alert">{TICKET_CODE_MESSAGES.keyFailed}</p>
        )}
        <p className="ticket-code-note">{TICKET_CODE_MESSAGES.screenshot}</p>
        <button type="button" className="btn btn-secondary btn-block" onClick={onClose}>
          Fechar
        </button>
      </div>
    </div>
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
