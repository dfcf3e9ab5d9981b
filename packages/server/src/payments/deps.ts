/**
 * What the payment flows use besides the database, and what a paid charge is for and whose a
 * devolução is: the purposes, registered by the domains that consume payments (orders, shared
 * payments, the wallet, refunds), once, where the app is wired (app.ts). Payments knows
 * charges, their webhooks and their state, and imports none of its consumers
 * (docs/architecture.md, "Layers"; test/structure/payments-imports.test.ts). The purposes
 * receive these same dependencies back, so both are declared here.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Queryable } from '../db/sql.ts';
import type { Mailer } from '../mail/index.ts';
import type { DevolucaoOwner } from './pix/devolucoes.ts';
import type { PaymentProviders } from './providers.ts';
import type { PaymentRow } from './records.ts';

/** What the payment flows use besides the database. */
export interface PaymentDeps {
  /** The PIX provider, the card gateway and their settings. */
  providers: PaymentProviders;
  /** The current time (tests drive it to expire reservations). */
  now: () => Date;
  /** Where refused notifications, provider failures and refunds to make are logged. */
  log: FastifyBaseLogger;
  /** Sends the purchase confirmations; without one, a sale sends no e-mail. */
  mailer?: Mailer | undefined;
  /** The storefront's address, for the links in the confirmations. */
  siteUrl: string;
  /** What paid charges are for and whose devoluções are: registered by the consumers (below). */
  purposes: PaymentPurposes;
}

/** What a settlement attempt did to the payment. */
export type SettlementResult = 'settled' | 'duplicate' | 'refund_required' | 'not_found';

/** How a PIX notification or a status poll ended, whatever the charge was for. */
export type PixConfirmation = SettlementResult | 'unknown_txid' | 'not_confirmed' | 'amount_mismatch';

/** What the purpose of a paid `payments` row did with the money. */
export interface PurposeSettlement {
  result: SettlementResult;
  /** The payment's new status; null leaves it as it is. */
  paymentStatus: 'approved' | 'refund_required' | null;
  /** Work after COMMIT that must never undo the settlement (the purchase confirmations). */
  afterCommit?: (db: Database, deps: PaymentDeps) => Promise<void>;
}

/** The paid charge as its purpose receives it. */
export interface PaidCharge {
  /** The payment row, locked by the settlement's transaction. */
  payment: PaymentRow;
  /** Its status before this settlement (`approved` when it paid before). */
  lockedStatus: PaymentRow['status'];
  /** When the money arrived (the PSP's time for a PIX). */
  paidAt: Date;
}

/** A kind of PIX charge kept outside `payments` (a wallet top-up), told apart by its txid. */
export interface PixChargePurpose {
  /** Whether `txid` is one of this purpose's charges. */
  owns(txid: string): boolean;
  /**
   * Confirms the charge with the PSP and applies it. Throws PixProviderError when the PSP
   * cannot be asked (the webhook answers 503 so the PSP delivers again).
   */
  confirm(db: Database, deps: PaymentDeps, txid: string, endToEndId: string): Promise<PixConfirmation>;
}

/** Everything payments hands to its consumers. */
export interface PaymentPurposes {
  /**
   * What a paid `payments` row pays for (an order, a shared payment's share), settled inside
   * the payment's own settlement transaction.
   */
  settle(tx: Queryable, paid: PaidCharge, now: Date): Promise<PurposeSettlement>;
  /** PIX charges of other purposes, asked by txid before the `payments` rows. */
  pixCharges: readonly PixChargePurpose[];
  /** The kinds of devolução whose webhook news the PSP sends (payments/pix/devolucoes.ts). */
  devolucoes: readonly DevolucaoOwner<PaymentDeps>[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The purposes of payments, registered by their consumers when the app is built. */
    paymentPurposes: PaymentPurposes;
  }
}
