import { useStore } from '@nanostores/react';
import { $authState } from '@plateia/core';
import type { SharedPaymentView, ShareView } from '@plateia/core/contracts/shared-payments';
import { formatDateTime, formatEventDateShort } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import {
  SHARED_PAYMENT_MESSAGES as M,
  SHARED_PAYMENT_STATUS_LABELS,
} from '@plateia/core/messages/shared-payments';
import { $sharedPayment, resendShareEmail, watchSharedPayment } from '@plateia/core/stores/shared-payments';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { ShareBadge } from '../components/SharedPayment.tsx';
import { sharePagePath, shareTokenFromSearch } from '../lib/shared-payments.ts';

const GROUP_ICON =
  'M16 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm0 2c-2.3 0-7 1.2-7 3.5V19h14v-2.5C15 14.2 10.3 13 8 13Zm8 0h-1a4.2 4.2 0 0 1 2 3.5V19h6v-2.5c0-2.3-4.7-3.5-7-3.5Z';

/**
 * `/pagamento-compartilhado/{id}`: a shared payment's group page. The leader sees every share's
 * state live (polled while the group is open), resends an invitation ("Reenviar e-mail") and
 * may pay any unpaid share ("Pagar esta cota", which opens that share's page); a participant
 * (by session e-mail or a share link's `?t=`) sees their share and the group's progress.
 */
export default function SharedPaymentPage({ sharedPaymentId }: { sharedPaymentId: number }) {
  return (
    <ErrorBoundary>
      <Group id={sharedPaymentId} />
    </ErrorBoundary>
  );
}

function Group({ id }: { id: number }) {
  const followed = useStore($sharedPayment);
  const authState = useStore($authState);
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    setToken(shareTokenFromSearch(window.location.search));
  }, []);
  const ready = token !== undefined && (token !== null || authState !== 'loading');
  // Only once the token was read (after hydration), so the first render matches the server's.
  const anonymous = token === null && authState === 'loggedOut';
  useEffect(() => {
    if (!ready || anonymous) return;
    return watchSharedPayment(id, { shareToken: token });
  }, [ready, anonymous, id, token]);

  if (anonymous) return <LoggedOutCard iconPath={GROUP_ICON}>{M.loginForGroup}</LoggedOutCard>;
  // The store may still hold the group just created at checkout: show it only when it is this one.
  const view = followed.view?.id === id ? followed.view : null;
  if (!ready || (followed.loading && !view)) return <div className="card share-skeleton" aria-busy="true" />;
  if (!view) {
    return (
      <div className="card status-card" role="alert">
        <h2>{followed.error ?? M.loadFailed}</h2>
      </div>
    );
  }
  return <GroupView view={view} token={token ?? null} />;
}

function GroupView({ view, token }: { view: SharedPaymentView; token: string | null }) {
  const leader = view.viewerRole === 'leader';
  const paid = view.shares.filter((share) => share.status === 'paid').length;
  const outcome =
    view.status === 'completed' ? M.completed : view.status === 'expired' ? M.expired : M.waiting;
  return (
    <div className="shared">
      <section className="card shared-event" aria-labelledby="group-event">
        <div className="shared-row">
          <h2 id="group-event">{view.event.name}</h2>
          <span className={`shared-badge shared-badge-group-${view.status}`}>
            {SHARED_PAYMENT_STATUS_LABELS[view.status]}
          </span>
        </div>
        <p className="muted">
          <time dateTime={view.event.startsAt}>{formatEventDateShort(view.event.startsAt)}</time>
          {view.event.venue ? ` · ${view.event.venue}` : ''} · Pedido {view.orderNumber}
        </p>
        <p className="shared-message" role="status" aria-live="polite" data-testid="group-status">
          {outcome} {M.progress(paid, view.shares.length)}.
        </p>
        <div
          className="shared-progress"
          role="progressbar"
          aria-label={M.collected(formatCents(view.paidCents), formatCents(view.totalCents))}
          aria-valuemin={0}
          aria-valuemax={view.totalCents}
          aria-valuenow={view.paidCents}
        >
          <span style={{ width: `${view.totalCents ? (100 * view.paidCents) / view.totalCents : 0}%` }} />
        </div>
        <p className="muted">{M.collected(formatCents(view.paidCents), formatCents(view.totalCents))}</p>
        {view.status === 'open' && (
          <dl className="shared-facts">
            <div>
              <dt>{M.deadlineLabel}</dt>
              <dd>
                <time dateTime={view.deadline}>{formatDateTime(view.deadline)}</time>
              </dd>
            </div>
            {leader && (
              <div>
                <dt>{M.closesLabel}</dt>
                <dd>
                  <time dateTime={view.closesAt}>{formatDateTime(view.closesAt)}</time>
                </dd>
              </div>
            )}
          </dl>
        )}
        {view.status === 'completed' && (
          <a className="btn btn-secondary" href="/mytickets">
            {M.seeTickets}
          </a>
        )}
      </section>

      <section className="card" aria-labelledby="group-shares">
        <h2 id="group-shares">Partes</h2>
        <ul className="shared-shares">
          {view.shares.map((share) => (
            <ShareRow key={share.id} share={share} group={view} leader={leader} token={token} />
          ))}
        </ul>
      </section>
    </div>
  );
}

function ShareRow({
  share,
  group,
  leader,
  token,
}: {
  share: ShareView;
  group: SharedPaymentView;
  leader: boolean;
  token: string | null;
}) {
  const [sending, setSending] = useState(false);
  const who = share.isViewer
    ? `${M.you} (${share.email})`
    : share.name
      ? `${share.name} (${share.email})`
      : share.email;
  const open = group.status === 'open' && share.status === 'pending';
  // The leader pays any unpaid share until the group closes; a participant pays their own until the deadline.
  const canPay = open && (leader || (share.isViewer && Date.now() < Date.parse(group.deadline)));
  const resend = async () => {
    setSending(true);
    await resendShareEmail(group.id, share.email);
    setSending(false);
  };
  return (
    <li className="shared-share-row" data-share-id={share.id}>
      <div className="shared-share-main">
        <strong>
          {share.position}. {who}
          {share.isLeader ? ` · ${M.leader}` : ''}
        </strong>
        <span className="muted">
          {formatCents(share.amountCents)} · {M.tickets(share.tickets)}
          {share.paidAt ? ` · pago em ${formatDateTime(share.paidAt)}` : ''}
          {share.refundedAt ? ` · devolvido em ${formatDateTime(share.refundedAt)}` : ''}
          {leader && !share.isLeader && share.emailSentAt && share.status === 'pending'
            ? ` · ${M.emailSentAt} ${formatDateTime(share.emailSentAt)}`
            : ''}
        </span>
      </div>
      <ShareBadge share={share} />
      {canPay && (
        <div className="shared-share-actions">
          <a className="btn btn-primary" href={sharePagePath(share.id, share.isViewer ? token : null)}>
            {M.payThisShare}
          </a>
          {leader && !share.isLeader && (
            <button type="button" className="btn btn-ghost" disabled={sending} onClick={() => void resend()}>
              {M.resend}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
