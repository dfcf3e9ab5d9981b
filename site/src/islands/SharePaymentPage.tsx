import { useStore } from '@nanostores/react';
import { $authState, $user } from '@plateia/core';
import { formatDateTime, formatEventDateShort } from '@plateia/core/format/dates';
import { formatCents } from '@plateia/core/format/money';
import { SHARED_PAYMENT_MESSAGES as M } from '@plateia/core/messages/shared-payments';
import { $sharePayment, watchSharePayment } from '@plateia/core/stores/shared-payments';
import { useEffect, useState } from 'react';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { LoggedOutCard } from '../components/LoggedOutCard.tsx';
import { PixCode, ShareBadge } from '../components/SharedPayment.tsx';
import { groupPagePath, shareTokenFromSearch, signUpPathFor } from '../lib/shared-payments.ts';

const SHARE_ICON =
  'M16 11a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm-8 0a3 3 0 1 0-3-3 3 3 0 0 0 3 3Zm0 2c-2.3 0-7 1.2-7 3.5V19h14v-2.5C15 14.2 10.3 13 8 13Zm8 0h-1a4.2 4.2 0 0 1 2 3.5V19h6v-2.5c0-2.3-4.7-3.5-7-3.5Z';

/**
 * `/pagamento-compartilhado/cota/{shareId}?t=token`: one participant's share, reached from the
 * invitation e-mail. Works without an account (the link's token goes as `X-Share-Token`): the
 * event, the share's amount and tickets, the PIX QR and copia-e-cola (and the sandbox's
 * "Simular pagamento"), followed live until paid; then where the ticket goes.
 */
export default function SharePaymentPage({ shareId }: { shareId: number }) {
  return (
    <ErrorBoundary>
      <Share shareId={shareId} />
    </ErrorBoundary>
  );
}

function Share({ shareId }: { shareId: number }) {
  const followed = useStore($sharePayment);
  const authState = useStore($authState);
  const [token, setToken] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    setToken(shareTokenFromSearch(window.location.search));
  }, []);

  // Without a link token the session decides who may see the share, so wait for it to be known.
  const ready = token !== undefined && (token !== null || authState !== 'loading');
  useEffect(() => {
    if (!ready) return;
    return watchSharePayment(shareId, { shareToken: token });
  }, [ready, shareId, token]);

  if (!ready || followed.loading) return <div className="card share-skeleton" aria-busy="true" />;
  const view = followed.view;
  if (!view) {
    if (!token && authState === 'loggedOut')
      return <LoggedOutCard iconPath={SHARE_ICON}>{M.loginForGroup}</LoggedOutCard>;
    return (
      <div className="card status-card" role="alert">
        <h2>{M.linkInvalid}</h2>
        {followed.error && followed.error !== M.linkInvalid && <p>{followed.error}</p>}
      </div>
    );
  }

  const { share, sharedPayment: group, pix } = view;
  return (
    <div className="shared">
      <section className="card shared-event" aria-labelledby="share-event">
        <h2 id="share-event">{group.event.name}</h2>
        <p className="muted">
          <time dateTime={group.event.startsAt}>{formatEventDateShort(group.event.startsAt)}</time>
          {group.event.venue ? ` · ${group.event.venue}` : ''}
        </p>
        <p className="muted">
          {share.isLeader
            ? M.leaderShare(group.orderNumber)
            : M.invitedBy(group.leader.name, group.orderNumber)}
        </p>
      </section>

      <section className="card shared-share" aria-labelledby="share-title" data-share-id={share.id}>
        <div className="shared-row">
          <h2 id="share-title">{M.shareTitle}</h2>
          <ShareBadge share={share} />
        </div>
        <dl className="shared-facts">
          <div>
            <dt>{M.amount}</dt>
            <dd className="shared-amount">{formatCents(share.amountCents)}</dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>{share.email}</dd>
          </div>
          <div>
            <dt>Recebe</dt>
            <dd>{M.tickets(share.tickets)}</dd>
          </div>
          <div>
            <dt>{M.deadlineLabel}</dt>
            <dd>
              <time dateTime={group.deadline}>{formatDateTime(group.deadline)}</time>
            </dd>
          </div>
        </dl>
        <p className="shared-message" role="status" aria-live="polite">
          {view.message}
        </p>
        {pix && share.status === 'pending' && <PixCode pix={pix} />}
        {share.status === 'paid' && group.status !== 'expired' && (
          <TicketDestination
            email={share.email}
            loggedIn={authState === 'loggedIn'}
            allPaid={group.status === 'completed'}
          />
        )}
        <p className="muted">{M.collected(formatCents(group.paidCents), formatCents(group.totalCents))}</p>
        <a className="btn btn-ghost" href={groupPagePath(group.id, token)}>
          {M.groupPage}
        </a>
      </section>
    </div>
  );
}

/** After paying: the ticket goes to the account of the share's e-mail, which may not exist yet. */
function TicketDestination({
  email,
  loggedIn,
  allPaid,
}: {
  email: string;
  loggedIn: boolean;
  allPaid: boolean;
}) {
  const mine = useStore($user)?.user?.toLowerCase() === email.toLowerCase();
  return (
    <div className="shared-destination">
      <p>{allPaid ? M.paidAllPaid(email) : M.paidTicketAccount(email)}</p>
      {loggedIn && mine && (
        <a className="btn btn-secondary" href="/mytickets">
          {M.seeTickets}
        </a>
      )}
      {/* Someone else's session (the leader paying a friend's share) has nothing to create. */}
      {!loggedIn && (
        <>
          <p className="muted">{M.noAccount}</p>
          <a className="btn btn-secondary" href={signUpPathFor(email)}>
            {M.createAccount}
          </a>
        </>
      )}
    </div>
  );
}
