/**
 * The purchase confirmations (docs/payments.md, "Settlement"): after an order's sale
 * committed, whatever paid for it, the buyer's confirmation and a notice to each other
 * e-mail that received tickets. A mail failure never undoes a sale.
 */
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import type { MailMessage } from '../mail/index.ts';
import type { PaymentDeps } from '../payments/deps.ts';
import { purchaseConfirmationEmail, ticketsReceivedEmail } from './confirmation-email.ts';
import type { SettleOutcome } from './fulfilment.ts';

/** What sending the confirmations uses: the mailer, the storefront's address and the log. */
export type ConfirmationDeps = Pick<PaymentDeps, 'log' | 'mailer' | 'siteUrl'>;

/** An order's sale: what the confirmations tell. */
export type PaidOutcome = Extract<SettleOutcome, { kind: 'paid' }>;

/** Sends the confirmation e-mails after a settlement committed (the wallet's too); a mail failure never undoes a sale. */
export async function sendConfirmations(
  db: Queryable,
  deps: ConfirmationDeps,
  outcome: PaidOutcome,
): Promise<void> {
  const { mailer } = deps;
  if (!mailer) return;
  try {
    const event = await selectOne<{ name: string }>(
      db,
      sql`SELECT name FROM events WHERE id = ${outcome.order.eventId}`,
    );
    for (const message of confirmationEmails(outcome, event?.name ?? 'seu evento', deps.siteUrl)) {
      await mailer.send(message);
    }
  } catch (error) {
    deps.log.error({ err: error, orderId: outcome.order.id }, 'purchase confirmation e-mail failed');
  }
}

/** The buyer's purchase confirmation, then one notice per other e-mail that received tickets. */
function confirmationEmails(outcome: PaidOutcome, eventName: string, siteUrl: string): MailMessage[] {
  const site = siteUrl.replace(/\/$/, '');
  const others = ticketsForOthers(outcome);
  return [
    purchaseConfirmationEmail({
      to: outcome.buyerEmail,
      name: outcome.buyerName,
      orderNumber: outcome.order.number,
      eventName,
      totalCents: outcome.order.totalCents,
      ticketCount: outcome.tickets.length,
      transferredTo: [...others.keys()],
      ticketsUrl: `${site}/mytickets`,
    }),
    ...[...others].map(([to, entry]) =>
      ticketsReceivedEmail({
        to,
        buyerEmail: outcome.buyerEmail,
        eventName,
        ticketCount: entry.count,
        hasAccount: entry.hasAccount,
        ticketsUrl: `${site}/mytickets`,
        signUpUrl: `${site}/cadastro`,
      }),
    ),
  ];
}

/** The tickets issued to e-mails other than the buyer's: how many each, and whether it has an account. */
function ticketsForOthers(outcome: PaidOutcome): Map<string, { count: number; hasAccount: boolean }> {
  const others = new Map<string, { count: number; hasAccount: boolean }>();
  for (const ticket of outcome.tickets) {
    if (ticket.holderEmail === outcome.buyerEmail.toLowerCase()) continue;
    const entry = others.get(ticket.holderEmail) ?? { count: 0, hasAccount: ticket.customerId !== null };
    entry.count += 1;
    others.set(ticket.holderEmail, entry);
  }
  return others;
}
