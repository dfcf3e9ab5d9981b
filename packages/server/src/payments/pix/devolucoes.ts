/**
 * A PIX devolução's life, one machine for every devolução the host asks (docs/payments.md,
 * "Devoluções"): the id we choose, asking the PSP, reading its answer or its webhook news,
 * and the retry policy. Each kind of devolução (a refund, a wallet return) is a
 * `DevolucaoOwner`: it keeps the record and plugs in what a step does to it and to the ledger.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Queryable } from '../../db/sql.ts';
import type { PaymentProviders } from '../providers.ts';
import { type Devolucao, type PixProvider, PixProviderError } from './provider.ts';

/** What the machine itself uses: the PSP, the clock and the log (a part of `PaymentDeps`). */
export interface DevolucaoDeps {
  providers: PaymentProviders;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * Where a record's devolução stands, in the machine's terms: `open` while an attempt is to be
 * asked or is being processed; `failed` after NAO_REALIZADO (a retry, or another way, may
 * follow); `closed` once the money left, or the owner gave the attempt up for good.
 */
export interface DevolucaoStanding {
  /** Our id of the current attempt; null before the first. */
  id: string | null;
  /** Attempts made so far: ids given out. */
  attempts: number;
  state: 'open' | 'failed' | 'closed';
}

/** What the PSP's word on a devolução does to its record (docs/payments.md, the transitions table). */
export type DevolucaoStep =
  /** News of another attempt, or of a record no longer waiting for it: nothing changes. */
  | { to: 'unchanged' }
  /** EM_PROCESSAMENTO: the PSP took it; the record waits for DEVOLVIDO or NAO_REALIZADO. */
  | { to: 'processing' }
  /** DEVOLVIDO: the money left; the owner posts its movement. */
  | { to: 'returned' }
  /** NAO_REALIZADO: `last` when no attempt is left under the owner's retry policy. */
  | { to: 'not_made'; last: boolean; motivo: string };

/** A step that changes the record. */
export type DevolucaoChange = Exclude<DevolucaoStep, { to: 'unchanged' }>;

/** A kind of devolução: its records, its retry policy and its effects. */
export interface DevolucaoOwner<D extends DevolucaoDeps = DevolucaoDeps> {
  /** Names the kind in logs (`refund`, `wallet_return`). */
  kind: string;
  /** Attempts (ids) before NAO_REALIZADO is the last one. */
  maxAttempts: number;
  /** The record whose current attempt is `id`; null when `id` is none of this owner's. */
  recordOf(db: Queryable, id: string): Promise<number | null>;
  /** Locks the record (FOR UPDATE, inside `tx`) and answers where it stands; null when it is gone. */
  lock(tx: Queryable, recordId: number): Promise<DevolucaoStanding | null>;
  /** Writes a step on the locked record with its ledger effect, in the same transaction. */
  apply(tx: Queryable, recordId: number, change: DevolucaoChange, now: Date): Promise<void>;
  /** After the step committed: what must never undo it if it fails (an e-mail). */
  afterCommit?(db: Database, deps: D, recordId: number, change: DevolucaoChange): Promise<void>;
}

/**
 * The transitions table: what `devolucao` (the PSP's answer, polling, or confirmed webhook
 * news) does to a record standing at `standing`. Only the current attempt counts; DEVOLVIDO
 * closes any record not yet closed (the money left whatever we thought), the other states
 * only move an open one.
 */
export function devolucaoStep(
  standing: DevolucaoStanding,
  devolucao: Pick<Devolucao, 'id' | 'status' | 'motivo'>,
  maxAttempts: number,
): DevolucaoStep {
  if (standing.id !== devolucao.id || standing.state === 'closed') return { to: 'unchanged' };
  if (devolucao.status === 'DEVOLVIDO') return { to: 'returned' };
  if (standing.state !== 'open') return { to: 'unchanged' };
  if (devolucao.status === 'EM_PROCESSAMENTO') return { to: 'processing' };
  return {
    to: 'not_made',
    last: standing.attempts >= maxAttempts,
    motivo: devolucao.motivo ?? 'NAO_REALIZADO',
  };
}

/** Whether the next ask needs a new attempt (a new id): none given yet, or the last one was not made. */
export function needsNewAttempt(standing: DevolucaoStanding): boolean {
  return standing.state === 'failed' || (standing.state === 'open' && standing.id === null);
}

/** What to ask the PSP: the received PIX, our id for the attempt and the amount. */
export interface DevolucaoAsk {
  endToEndId: string;
  id: string;
  amountCents: number;
  descricao?: string;
  /** The PSP may already have it (asked before): read it first, and ask only if it has none. */
  known: boolean;
}

/**
 * Asks the PSP for a devolução under our id (`PUT /pix/{e2eid}/devolucao/{id}`; the same id
 * never returns twice), reading it first (`GET`) when it may have been asked already. A 4xx
 * is a refusal, not an outage: answered as NAO_REALIZADO with the PSP's reason. Throws
 * PixProviderError when the PSP cannot be reached (the record stays as it was for the next
 * pass).
 */
export async function askDevolucao(pix: PixProvider, ask: DevolucaoAsk, now: Date): Promise<Devolucao> {
  try {
    const known = ask.known ? await pix.getDevolucao(ask.endToEndId, ask.id) : null;
    return known ?? (await pix.requestDevolucao(ask.endToEndId, ask.id, ask.amountCents, ask.descricao));
  } catch (error) {
    if (error instanceof PixProviderError && error.status >= 400 && error.status < 500) {
      return {
        id: ask.id,
        rtrId: '',
        valor: '0.00',
        horario: { solicitacao: now.toISOString() },
        status: 'NAO_REALIZADO',
        motivo: error.message.slice(0, 140),
      };
    }
    throw error;
  }
}

/**
 * Applies the PSP's word on a devolução to its owner's record: one transaction with the
 * record locked, the step from `devolucaoStep`, the owner's effect; then its after-commit
 * work. Answers the step.
 */
export async function applyDevolucao<D extends DevolucaoDeps>(
  db: Database,
  deps: D,
  owner: DevolucaoOwner<D>,
  recordId: number,
  devolucao: Devolucao,
): Promise<DevolucaoStep> {
  const now = deps.now();
  const step = await db.transaction(async (tx): Promise<DevolucaoStep> => {
    const standing = await owner.lock(tx, recordId);
    if (!standing) return { to: 'unchanged' };
    const next = devolucaoStep(standing, devolucao, owner.maxAttempts);
    if (next.to !== 'unchanged') await owner.apply(tx, recordId, next, now);
    return next;
  });
  if (step.to === 'not_made') {
    deps.log.warn(
      { kind: owner.kind, recordId, devolucaoId: devolucao.id, last: step.last },
      'PIX devolução not made',
    );
  }
  if (step.to !== 'unchanged') await owner.afterCommit?.(db, deps, recordId, step);
  return step;
}

/** What a webhook's news of one devolução did. */
export type DevolucaoNewsResult = 'applied' | 'not_ours' | 'unknown_at_psp';

/**
 * The webhook's `pix` item carried `devolucoes`: each that is an owner's current attempt is
 * confirmed with the PSP (`GET /pix/{e2eid}/devolucao/{id}`, news is only a hint) and applied.
 * Throws PixProviderError when the PSP cannot be asked (the webhook answers 503 and the PSP
 * delivers again).
 */
export async function receiveDevolucaoNews<D extends DevolucaoDeps>(
  db: Database,
  deps: D,
  owners: readonly DevolucaoOwner<D>[],
  endToEndId: string,
  news: readonly Pick<Devolucao, 'id'>[],
): Promise<DevolucaoNewsResult[]> {
  const results: DevolucaoNewsResult[] = [];
  for (const { id } of news) {
    const found = await ownerOf(db, owners, id);
    if (!found) {
      results.push('not_ours');
      continue;
    }
    const confirmed = await deps.providers.pix.getDevolucao(endToEndId, id);
    if (!confirmed) {
      results.push('unknown_at_psp');
      continue;
    }
    await applyDevolucao(db, deps, found.owner, found.recordId, confirmed);
    results.push('applied');
  }
  return results;
}

/** The owner whose record's current attempt is `id`, with that record. */
async function ownerOf<D extends DevolucaoDeps>(
  db: Queryable,
  owners: readonly DevolucaoOwner<D>[],
  id: string,
): Promise<{ owner: DevolucaoOwner<D>; recordId: number } | null> {
  for (const owner of owners) {
    const recordId = await owner.recordOf(db, id);
    if (recordId !== null) return { owner, recordId };
  }
  return null;
}
