import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { INTEGRITY_CHECK_JOB, runIntegrityCheck } from '../integrity/check.ts';
import type { Mailer } from '../mail/mailer.ts';
import { isOutboxMailer, MAIL_SEND_JOB } from '../mail/outbox.ts';
import { reclaimExpired } from '../orders/reclaim.ts';
import type { PaymentDeps, PaymentPurposes } from '../payments/deps.ts';
import type { PaymentProviders } from '../payments/providers.ts';
import { reconcilePendingPix } from '../payments/reconcile.ts';
import { CANCEL_EVENT_JOB, refundEventBuyers } from '../refunds/cancel-event.ts';
import { followUpRefunds } from '../refunds/follow-up.ts';
import { releaseResaleProceeds } from '../resale/settlement.ts';
import { SHARED_PAYMENT_EXPIRE_JOB } from '../shared-payments/create.ts';
import { expireDueSharedPayments, expireSharedPayment } from '../shared-payments/expiry.ts';
import { ADMIT_JOB, runAdmission, scheduleOpenQueues } from '../virtual-queue/admission.ts';
import { releaseDeadWalletParts } from '../wallet/checkout.ts';
import { refreshOpenReturns, returnAfterEvents } from '../wallet/returns.ts';
import { reconcilePendingTopUps } from '../wallet/topup.ts';
import { deliverWebhook, WEBHOOK_DELIVER_JOB } from '../webhooks/delivery.ts';
import { dispatchWebhooks, WEBHOOK_DISPATCH_JOB, WEBHOOK_RETRY_LIMIT } from '../webhooks/dispatch.ts';
import type { JobQueue } from './queue.ts';

/** What a job handler may use: the same explicit dependencies domain functions take. */
export interface JobDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  payments: PaymentProviders;
  /** What payments' charges are for (app.ts builds it once). */
  purposes: PaymentPurposes;
  log: FastifyBaseLogger;
  siteUrl: string;
  jobs: JobQueue;
  /** Webhooks may go to private and loopback addresses (config `webhooksAllowPrivateAddresses`). */
  webhooksAllowPrivateAddresses?: boolean;
}

/** One kind of job. The handler calls a domain function; it holds no rules of its own. */
export interface JobDefinition {
  /** Queue name, `<domain>.<action>` (letters, digits, `.`, `-`, `_`). */
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: each job declares its own data shape.
  handler(data: any, deps: JobDeps): Promise<void>;
  /** Cron expression (UTC). Every process declares it; pg-boss sends one job per occurrence. */
  schedule?: string;
  /** Tries after the first failure, with exponential back-off; default 3. */
  retryLimit?: number;
  /** Seconds a running job may take before it counts as lost (its process died) and is retried. */
  expireInSeconds?: number;
}

/** Every job the API host knows. Every process registers this same list. */
export const JOBS: JobDefinition[] = [
  {
    // Expired reservations give their stock back even when nobody reads the event (reads and
    // reservations also reclaim lazily, so nothing waits on this).
    name: 'orders.reclaim-expired',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await reclaimExpired(deps.db);
    },
  },
  {
    // Paid PIX charges settle without the webhook and without the buyer's tab polling.
    name: 'payments.reconcile-pix',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await reconcilePendingPix(deps.db, paymentDeps(deps));
    },
  },
  {
    // One outbox e-mail; retried with back-off (about a day in all) while SMTP refuses it.
    name: MAIL_SEND_JOB,
    retryLimit: 25,
    async handler(data: { id: number }, deps) {
      if (!isOutboxMailer(deps.mailer)) throw new Error('mail.send needs the SMTP outbox mailer');
      await deps.mailer.deliver(Number(data.id));
    },
  },
  {
    // Paid top-up charges credit the wallet without the webhook and without the page polling.
    name: 'wallet.reconcile-topups',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await reconcilePendingTopUps(deps.db, paymentDeps(deps));
    },
  },
  {
    // Wallet parts of orders that died unpaid go back to their wallets.
    name: 'wallet.release-parts',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await releaseDeadWalletParts(deps.db, deps.now());
    },
  },
  {
    // Devoluções of wallet returns still in processing (or never asked: the PSP was down).
    name: 'wallet.refresh-returns',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await refreshOpenReturns(deps.db, paymentDeps(deps));
    },
  },
  {
    // The leftover goes back by itself after the event (wallet/returns.ts).
    name: 'wallet.return-after-events',
    schedule: '17 * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await returnAfterEvents(deps.db, paymentDeps(deps));
    },
  },
  {
    // Refunds follow-up (refunds/follow-up.ts): late payments with no stock get their refund,
    // requested ones are sent, devoluções in processing are polled, NAO_REALIZADO retried.
    name: 'refunds.follow-up',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await followUpRefunds(deps.db, paymentDeps(deps));
    },
  },
  {
    // A producer cancelled an event: every buyer refunded and e-mailed (refunds/cancel-event.ts).
    name: CANCEL_EVENT_JOB,
    retryLimit: 10,
    expireInSeconds: 900,
    async handler(data: { eventId: number }, deps) {
      await refundEventBuyers(deps.db, paymentDeps(deps), Number(data.eventId));
    },
  },
  {
    // Resale prices held since the sale reach their sellers once the event has ended and the
    // resold ticket can no longer be refunded (resale/settlement.ts, docs/resale.md).
    name: 'resale.release-proceeds',
    schedule: '*/10 * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await releaseResaleProceeds(deps.db, deps.now());
    },
  },
  {
    // A shared payment's close (shared-payments/expiry.ts), sent for its closes_at with the
    // group's singletonKey: not complete by then, it expires and its paid shares are refunded.
    name: SHARED_PAYMENT_EXPIRE_JOB,
    retryLimit: 10,
    async handler(data: { id: number }, deps) {
      await expireSharedPayment(deps.db, { ...paymentDeps(deps), jobs: deps.jobs }, Number(data.id));
    },
  },
  {
    // Safety net for the job above: open groups past closes_at are closed within a minute.
    name: 'shared-payments.expire-due',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await expireDueSharedPayments(deps.db, { ...paymentDeps(deps), jobs: deps.jobs });
    },
  },
  {
    // One admission round of a high-demand event's queue; it files the next one a few seconds
    // later while anyone waits (virtual-queue/admission.ts, docs/virtual-queue.md).
    name: ADMIT_JOB,
    retryLimit: 0,
    async handler(data: { eventId: number }, deps) {
      await runAdmission(deps.db, deps.jobs, Number(data.eventId), deps.now());
    },
  },
  {
    // Safety net: queues whose self-scheduled round was lost get one within a minute.
    name: 'virtual-queue.schedule',
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await scheduleOpenQueues(deps.db, deps.jobs, deps.now());
    },
  },
  {
    // The invariants over money, stock and tickets (docs/integrity.md): an error-level alarm
    // when one fails, and the last result for /health.
    name: INTEGRITY_CHECK_JOB,
    schedule: '*/5 * * * *',
    retryLimit: 0,
    expireInSeconds: 240,
    async handler(_data, deps) {
      await runIntegrityCheck(deps.db, { now: deps.now, log: deps.log });
    },
  },
  {
    // Webhook deliveries the outbox's notification did not queue (webhooks/dispatch.ts).
    name: WEBHOOK_DISPATCH_JOB,
    schedule: '* * * * *',
    retryLimit: 0,
    async handler(_data, deps) {
      await dispatchWebhooks(deps.db, deps.jobs);
    },
  },
  {
    // One webhook delivery; retried with exponential back-off while the receiver refuses it
    // (webhooks/delivery.ts, docs/integrations.md "Retries").
    name: WEBHOOK_DELIVER_JOB,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    async handler(data: { deliveryId: number; manual?: boolean }, deps) {
      await deliverWebhook(deps.db, Number(data.deliveryId), {
        now: deps.now,
        allowPrivateAddresses: deps.webhooksAllowPrivateAddresses === true,
        manual: data.manual === true,
      });
    },
  },
];

/** The payment dependencies the money jobs pass to their domain functions. */
function paymentDeps(deps: JobDeps): PaymentDeps {
  return {
    providers: deps.payments,
    now: deps.now,
    log: deps.log,
    mailer: deps.mailer,
    siteUrl: deps.siteUrl,
    purposes: deps.purposes,
  };
}
