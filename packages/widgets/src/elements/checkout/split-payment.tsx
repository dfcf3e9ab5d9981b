/**
 * The checkout's "Dividir com amigos" panel (docs/shared-payments.md): the buyer picks how many
 * shares, each friend's e-mail (from their accepted friends or typed), the amounts (an even split
 * of the total, service fee included, adjustable to the cent), the tickets each receives and the
 * deadline; core's rules check the split as it is typed and core's store asks the API host. On
 * success the page moves to the group page, where the payments are followed. Plain React hooks
 * and core stores only, so it renders the same under React and preact/compat.
 */
import { useStore } from '@nanostores/react';
import { fetchFriendships } from '@plateia/core/api/friends';
import type { ReservedOrder } from '@plateia/core/contracts/orders';
import { formatDateTime } from '@plateia/core/format/dates';
import { formatCentsForInput } from '@plateia/core/format/money';
import { SHARED_PAYMENT_MESSAGES as M } from '@plateia/core/messages/shared-payments';
import { parseReais } from '@plateia/core/rules/money';
import {
  DEFAULT_DEADLINE_HOURS,
  defaultTicketSplit,
  MAX_DEADLINE_HOURS,
  SHARED_PAYMENT_MAX_SHARES,
  SHARED_PAYMENT_MIN_SHARES,
  sharedPaymentDeadline,
  splitEvenly,
  validateShares,
} from '@plateia/core/rules/shared-payments';
import { eventStore } from '@plateia/core/stores/catalogue';
import { navigate } from '@plateia/core/stores/navigation';
import { $user } from '@plateia/core/stores/session';
import { orderTicketCount, splitCheckoutPayment } from '@plateia/core/stores/shared-payments';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { storefrontPage } from '../../shared/storefront-origin.ts';

/**
 * Where the page goes once the group is created; `{id}` is the group's id. A relative address
 * is the storefront's (the script-tag loader's), or the page's when the elements are bundled.
 */
export const DEFAULT_SHARED_PAYMENT_URL = '/pagamento-compartilhado/{id}';

/** Deadlines offered, in hours from now (clipped by the event; the API host clips again). */
const DEADLINE_CHOICES = [2, 6, 12, DEFAULT_DEADLINE_HOURS, 48, MAX_DEADLINE_HOURS] as const;
const HOUR_MS = 3_600_000;

interface Row {
  email: string;
  amount: string;
  tickets: number;
}

function evenRows(order: Pick<ReservedOrder, 'totalCents' | 'items'>, parts: number, previous: Row[]): Row[] {
  const amounts = splitEvenly(order.totalCents, parts);
  const tickets = defaultTicketSplit(orderTicketCount(order), parts);
  return amounts.map((cents, index) => ({
    email: previous[index]?.email ?? '',
    amount: formatCentsForInput(cents),
    tickets: tickets[index] ?? 0,
  }));
}

/** Props of {@link SplitPayment}. */
export interface SplitPaymentProps {
  order: ReservedOrder;
  /** Group page address with `{id}`; default {@link DEFAULT_SHARED_PAYMENT_URL}. */
  sharedPaymentUrl?: string;
}

/** "Dividir com amigos": the split form of the reserved order. */
export function SplitPayment({ order, sharedPaymentUrl }: SplitPaymentProps): ReactNode {
  const ids = useId();
  const user = useStore($user);
  const leaderEmail = user?.user ?? '';
  const event = useStore(useMemo(() => eventStore(order.eventId), [order.eventId]));
  const [parts, setParts] = useState(SHARED_PAYMENT_MIN_SHARES);
  const [rows, setRows] = useState<Row[]>(() => evenRows(order, SHARED_PAYMENT_MIN_SHARES, []));
  const [hours, setHours] = useState<number>(DEFAULT_DEADLINE_HOURS);
  const [friends, setFriends] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  // Accepted friends to pick from; any e-mail works without them.
  useEffect(() => {
    if (!user) return;
    fetchFriendships(user.id, 1)
      .then((list) => setFriends(list.map((friendship) => friendship.friend.user).filter(Boolean)))
      .catch(() => {
        // Spec §8: list-load errors are silent; the e-mail field stays.
      });
  }, [user]);

  const startsAt = event.data?.startsAt ?? null;
  // What each choice gives once clipped by the event (24 h before it), so the list never
  // offers a date the API host would move; a choice that collapses onto another is dropped.
  const choices = useMemo(() => {
    const now = new Date();
    const seen = new Set<number>();
    return DEADLINE_CHOICES.flatMap((choice) => {
      const asked = new Date(now.getTime() + choice * HOUR_MS);
      const date = startsAt ? sharedPaymentDeadline(now, new Date(startsAt), asked) : asked;
      if (!date || seen.has(date.getTime())) return [];
      seen.add(date.getTime());
      return [{ hours: choice, date }];
    });
  }, [startsAt]);
  const chosen = choices.find((choice) => choice.hours === hours) ?? choices.at(-1);

  const amounts = rows.map((row) => parseReais(row.amount));
  const drafts = rows.map((row, index) => {
    const read = amounts[index]!;
    return {
      email: index === 0 ? leaderEmail : row.email.trim(),
      amountCents: read.ok ? read.cents : Number.NaN,
      tickets: row.tickets,
    };
  });
  const unreadable = amounts.find((read) => !read.ok);
  const problem =
    choices.length === 0
      ? M.deadlineTooShort
      : unreadable && !unreadable.ok
        ? unreadable.error
        : validateShares(drafts, {
            totalCents: order.totalCents,
            ticketCount: orderTicketCount(order),
            leaderEmail,
          });

  const changeParts = (next: number) => {
    setParts(next);
    setRows(evenRows(order, next, rows));
  };
  const changeRow = (index: number, patch: Partial<Row>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));

  const submit = async () => {
    if (problem || !chosen) return;
    setBusy(true);
    setFailure('');
    const result = await splitCheckoutPayment({ shares: drafts, deadline: chosen.date.toISOString() });
    if (result.ok) {
      const path = (sharedPaymentUrl || DEFAULT_SHARED_PAYMENT_URL).replace(
        '{id}',
        String(result.sharedPayment.id),
      );
      navigate(storefrontPage(path));
      return;
    }
    setBusy(false);
    setFailure(result.message);
  };

  return (
    <form
      className="form"
      part="split-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="hint">{M.splitLead}</p>
      <div className="field">
        <label htmlFor={`${ids}-parts`}>{M.sharesCount}</label>
        <select
          id={`${ids}-parts`}
          part="input"
          value={parts}
          onChange={(event) => changeParts(Number(event.currentTarget.value))}
        >
          {Array.from({ length: SHARED_PAYMENT_MAX_SHARES - 1 }, (_, index) => index + 2).map((count) => (
            <option key={count} value={count}>
              {count} partes
            </option>
          ))}
        </select>
      </div>
      <ul className="lines" part="split-shares">
        {rows.map((row, index) => {
          const position = index + 1;
          const id = `${ids}-share-${position}`;
          return (
            <li key={position} className="line">
              <div className="holders">
                {index === 0 ? (
                  <p className="line-name">
                    {M.yourShare} ({leaderEmail})
                  </p>
                ) : (
                  <>
                    {friends.length > 0 && (
                      <div className="field">
                        <label htmlFor={`${id}-friend`}>{M.pickFriend(position)}</label>
                        <select
                          id={`${id}-friend`}
                          part="input"
                          value={friends.includes(row.email) ? row.email : ''}
                          onChange={(event) => changeRow(index, { email: event.currentTarget.value })}
                        >
                          <option value="">{M.pickFriendNone}</option>
                          {friends.map((email) => (
                            <option key={email} value={email}>
                              {email}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                    <div className="field">
                      <label htmlFor={`${id}-email`}>{M.friendEmail(position - 1)}</label>
                      <input
                        id={`${id}-email`}
                        part="input"
                        type="email"
                        autoComplete="off"
                        value={row.email}
                        onChange={(event) => changeRow(index, { email: event.currentTarget.value })}
                      />
                    </div>
                  </>
                )}
                <div className="row">
                  <div className="field">
                    <label htmlFor={`${id}-amount`}>{M.shareAmount(position)}</label>
                    <input
                      id={`${id}-amount`}
                      part="input"
                      inputMode="decimal"
                      value={row.amount}
                      onChange={(event) => changeRow(index, { amount: event.currentTarget.value })}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-tickets`}>{M.shareTickets(position)}</label>
                    <input
                      id={`${id}-tickets`}
                      part="input"
                      type="number"
                      min={0}
                      step={1}
                      value={row.tickets}
                      onChange={(event) =>
                        changeRow(index, {
                          tickets: Math.max(0, Math.floor(Number(event.currentTarget.value) || 0)),
                        })
                      }
                    />
                  </div>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <button type="button" className="secondary" onClick={() => setRows(evenRows(order, parts, rows))}>
        {M.splitEvenly}
      </button>
      <p className="hint">{M.feeShared}</p>
      {choices.length > 0 && chosen && (
        <div className="field">
          <label htmlFor={`${ids}-deadline`}>{M.deadline}</label>
          <select
            id={`${ids}-deadline`}
            part="input"
            value={chosen.hours}
            onChange={(event) => setHours(Number(event.currentTarget.value))}
          >
            {choices.map((choice) => (
              <option key={choice.hours} value={choice.hours}>
                {formatDateTime(choice.date)}
              </option>
            ))}
          </select>
          <p className="hint">{M.deadlineHint(formatDateTime(chosen.date))}</p>
        </div>
      )}
      {/* The split's check, live as it is typed: polite, so it does not interrupt typing. */}
      <p className="form-error" role="status" aria-live="polite">
        {failure || problem || ''}
      </p>
      <button
        type="submit"
        className="primary"
        part="split-button"
        disabled={busy || problem !== null}
        aria-busy={busy}
      >
        {busy ? M.creating : M.create}
      </button>
    </form>
  );
}
