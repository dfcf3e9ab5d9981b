/**
 * The PSP's webhook (API Pix): every notification is only a hint, confirmed with the PSP
 * before anything is settled (pix.ts).
 */
import { timingSafeEqual } from 'node:crypto';
import { PAYMENT_ANSWER_MESSAGES } from '@plateia/core/messages/payments';
import type { Database } from '../db/client.ts';
import { HttpError } from '../plugins/errors.ts';
import type { PaymentDeps, PixConfirmation } from './deps.ts';
import { receiveDevolucaoNews } from './pix/devolucoes.ts';
import { PixProviderError } from './pix/provider.ts';
import { confirmPix } from './pix.ts';

/** One `pix` item of a webhook delivery: a payment, possibly with news of its devoluções. */
export interface PixWebhookItem {
  endToEndId: string;
  txid?: string | undefined;
  devolucoes?: { id: string }[] | undefined;
}

/** One notification's outcome, for the webhook's answer and logs. */
export interface WebhookItemResult {
  endToEndId: string;
  txid: string;
  result: PixConfirmation;
}

/**
 * Handles a webhook delivery: 401 unless `secret` is the one registered with the PSP, and
 * 503 when the PSP cannot be asked to confirm, so that it delivers the notification again.
 */
export async function receivePixWebhook(
  db: Database,
  deps: PaymentDeps,
  secret: string,
  pix: PixWebhookItem[],
): Promise<WebhookItemResult[]> {
  if (!sameSecret(secret, deps.providers.settings.pixWebhookSecret)) {
    throw new HttpError(401, PAYMENT_ANSWER_MESSAGES.webhookUnauthorized, 'unauthorized');
  }
  try {
    return await handlePixWebhook(db, deps, pix);
  } catch (error) {
    if (!(error instanceof PixProviderError)) throw error;
    deps.log.warn({ err: error }, 'PIX webhook could not be confirmed with the PSP');
    throw new HttpError(503, PAYMENT_ANSWER_MESSAGES.pspUnreachable, 'psp_unavailable');
  }
}

/** Handles a webhook body `{pix: [...]}`: every entry is confirmed with the PSP. */
async function handlePixWebhook(
  db: Database,
  deps: PaymentDeps,
  pix: PixWebhookItem[],
): Promise<WebhookItemResult[]> {
  const results: WebhookItemResult[] = [];
  for (const entry of pix) {
    // News of devoluções (pix/devolucoes.ts), for whichever owner registered them: confirmed
    // with the PSP and applied; the payment itself is then confirmed as usual.
    if (entry.devolucoes?.length) {
      await receiveDevolucaoNews(db, deps, deps.purposes.devolucoes, entry.endToEndId, entry.devolucoes);
    }
    if (!entry.txid) {
      results.push({ endToEndId: entry.endToEndId, txid: '', result: 'unknown_txid' });
      continue;
    }
    // A charge of another purpose (a wallet top-up) is confirmed by it; every other txid is a payment's.
    const txid = entry.txid;
    const purpose = deps.purposes.pixCharges.find((charge) => charge.owns(txid));
    const result = purpose
      ? await purpose.confirm(db, deps, txid, entry.endToEndId)
      : await confirmPix(db, deps, txid, entry.endToEndId);
    if (result !== 'settled' && result !== 'duplicate') {
      deps.log.warn({ txid: entry.txid, endToEndId: entry.endToEndId, result }, 'PIX webhook not acted on');
    }
    results.push({ endToEndId: entry.endToEndId, txid: entry.txid, result });
  }
  return results;
}

/** Compares secrets in constant time, so the answer's timing reveals nothing of the expected one. */
function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
