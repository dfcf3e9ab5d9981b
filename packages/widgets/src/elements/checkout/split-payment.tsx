/**
 * The checkout's "Dividir com amigos" panel (docs/shared-payments.md): the buyer picks how many
 * shares, each friend's e-mail (from their accepted friends or typed), the amounts (an even split
 * of the total, service fee included, adjustable to the cent), the tickets each receives and the
 * deadline; core's rules check the split as it is typed and core's store asks the API host. On
 * success the page moves to the group page, where the payments are followed. Plain React hooks
 * and core stores only, so it renders the same under React and preact/compat.
 */
import { useStore } from '@nanostores/react';
import type { ReservedOrder } from '@plateia/core/contracts/orders';
import { formatCentsForInput } from '@plateia/core/format/money';
import { SHARED_PAYMENT_MESSAGES as M } from '@plateia/core/messages/shared-payments';
import { parseReais } from '@plateia/core/rules/money';
import {
  DEFAULT_DEADLINE_HOURS,
  defaultTicketSplit,
  SHARED_PAYMENT_MAX_SHARES,
  SHARED_PAYMENT_MIN_SHARES,
  splitEvenly,
  validateShares,
} from '@plateia/core/rules/shared-payments';
import { eventStore } from '@plateia/core/stores/catalogue';
import { navigate } from '@plateia/core/stores/navigation';
import { $user } from '@plateia/core/stores/session';
import { orderTicketCount, splitCheckoutPayment } from '@plateia/core/stores/shared-payments';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { storefrontPage } from '../../shared/storefront-origin.ts';
import {
  DeadlineField,
  type Row,
  ShareFields,
  useDeadlineChoices,
  useFriendEmails,
} from './split-payment-parts.tsx';

/**
 * Where the page goes once the group is created; `{id}` is the group's id. A relative address
 * is the storefront's (the script-tag loader's), or the page's when the elements are bundled.
 */
export const DEFAULT_SHARED_PAYMENT_URL = '/pagamento-compartilhado/{id}';

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
  const friends = useFriendEmails(user);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const choices = useDeadlineChoices(event.data?.startsAt ?? null);
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
          // A share is its position: the rows are only ever added or removed at the end.
          const position = index + 1;
          return (
            <ShareFields
              key={position}
              position={position}
              row={row}
              idPrefix={ids}
              leaderEmail={leaderEmail}
              friends={friends}
              onChange={(patch) => changeRow(index, patch)}
            />
          );
        })}
      </ul>
      <button type="button" className="secondary" onClick={() => setRows(evenRows(order, parts, rows))}>
        {M.splitEvenly}
      </button>
      <p className="hint">{M.feeShared}</p>
      {choices.length > 0 && chosen && (
        <DeadlineField id={`${ids}-deadline`} choices={choices} chosen={chosen} onChoose={setHours} />
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
