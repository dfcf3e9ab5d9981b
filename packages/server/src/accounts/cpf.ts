import { CPF_CLAIM_MESSAGES, PROFILE_ANSWER_MESSAGES } from '@plateia/core/messages/profile';
import { isValidCpf, normalizeDocumentNumber } from '@plateia/core/rules/document-number';
import { sql } from 'drizzle-orm';
import { type Queryable, selectOne, selectRows, sqlState } from '../db/sql.ts';
import { HttpError } from '../plugins/errors.ts';

/**
 * One CPF, one account (docs/accounts.md, "One CPF, one account"). The unique index
 * `customers_cpf_key` (migration 0190) is the guarantee; this module turns its refusal into
 * a pt-BR answer and keeps the claims ("Este CPF é meu") that settle who a CPF belongs to.
 */

/** The name of the index that keeps a CPF on one account. */
const CPF_INDEX = 'customers_cpf_key';

/**
 * Whether an error is PostgreSQL refusing a second account with the same CPF. The driver
 * names the index in `constraint` (pg) or in the message (PGlite).
 */
export function isCpfTaken(error: unknown): boolean {
  if (sqlState(error) !== '23505') return false;
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { constraint, message } = current as { constraint?: unknown; message?: unknown };
    if (constraint === CPF_INDEX || (typeof message === 'string' && message.includes(CPF_INDEX))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The 409 a profile edit gets when another account has the CPF. */
export function cpfTakenError(atSignUp = false): HttpError {
  const message = atSignUp ? PROFILE_ANSWER_MESSAGES.cpfTakenAtSignUp : PROFILE_ANSWER_MESSAGES.cpfTaken;
  return new HttpError(409, message, 'cpf_taken');
}

/** Whether the digits are a CPF (11 digits), the kind of number only one person has. */
export function isCpfNumber(digits: string): boolean {
  return digits.length === 11;
}

/** Whether a CPF is under an open claim, so it counts for no queue until the claim is settled. */
export async function isCpfDisputed(db: Queryable, cpf: string): Promise<boolean> {
  const row = await selectOne(
    db,
    sql`SELECT 1 FROM cpf_claims WHERE cpf = ${cpf} AND status = 'open' LIMIT 1`,
  );
  return row !== null;
}

/** What a claim looks like to the customer who made it or whose CPF it is about. */
export interface CpfClaimView {
  id: number;
  /** The CPF claimed (digits). */
  cpf: string;
  status: 'open' | 'released' | 'upheld' | 'rejected' | 'withdrawn';
  createdAt: string;
  resolvedAt: string | null;
  supportRequestId: number | null;
}

interface ClaimRow {
  id: number;
  cpf: string;
  status: CpfClaimView['status'];
  created_at: string | Date;
  resolved_at: string | Date | null;
  support_request_id: number | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function view(row: ClaimRow): CpfClaimView {
  return {
    id: row.id,
    cpf: row.cpf,
    status: row.status,
    createdAt: iso(row.created_at)!,
    resolvedAt: iso(row.resolved_at),
    supportRequestId: row.support_request_id,
  };
}

/**
 * The customer's CPF standing: their latest claim (as claimant), and whether the CPF on
 * their own profile is disputed by someone else's open claim.
 */
export async function cpfStanding(
  db: Queryable,
  customerId: number,
): Promise<{ claim: CpfClaimView | null; disputed: boolean }> {
  const mine = await selectOne<ClaimRow>(
    db,
    sql`SELECT id, cpf, status, created_at, resolved_at, support_request_id FROM cpf_claims
        WHERE claimant_id = ${customerId} ORDER BY id DESC LIMIT 1`,
  );
  const disputed = await selectOne(
    db,
    sql`SELECT 1 FROM cpf_claims k JOIN customers c ON c.id = ${customerId}
        WHERE k.status = 'open' AND k.cpf = c.cpfnpj AND k.claimant_id <> ${customerId} LIMIT 1`,
  );
  return { claim: mine && view(mine), disputed: disputed !== null };
}

/** A claim about to be opened: checked, not yet written. */
export interface CpfClaimCheck {
  cpf: string;
  holderId: number;
}

/**
 * Checks that a customer may claim `value`: a CPF, held by another account, no other open
 * claim of theirs, e-mail confirmed. Throws 400/409 with the pt-BR reason otherwise.
 */
export async function checkCpfClaim(
  db: Queryable,
  customerId: number,
  value: string,
): Promise<CpfClaimCheck> {
  const cpf = normalizeDocumentNumber(value.trim());
  if (!isValidCpf(cpf)) throw new HttpError(400, CPF_CLAIM_MESSAGES.notCpf, 'validation');
  const me = await selectOne<{ cpfnpj: string; verified: boolean }>(
    db,
    sql`SELECT cpfnpj, email_verified_at IS NOT NULL AS verified FROM customers WHERE id = ${customerId}`,
  );
  if (!me?.verified) throw new HttpError(409, CPF_CLAIM_MESSAGES.emailUnverified, 'email_unverified');
  if (me.cpfnpj === cpf) throw new HttpError(409, CPF_CLAIM_MESSAGES.alreadyYours, 'cpf_yours');
  const holder = await selectOne<{ id: number }>(
    db,
    sql`SELECT id FROM customers WHERE cpfnpj = ${cpf} AND id <> ${customerId}`,
  );
  if (!holder) throw new HttpError(409, CPF_CLAIM_MESSAGES.notTaken, 'cpf_free');
  const open = await selectOne(
    db,
    sql`SELECT 1 FROM cpf_claims WHERE claimant_id = ${customerId} AND status = 'open'`,
  );
  if (open) throw new HttpError(409, CPF_CLAIM_MESSAGES.oneAtATime, 'claim_open');
  return { cpf, holderId: holder.id };
}

/**
 * Records the claim (the CPF is frozen from then on). Two claims of one customer racing:
 * the unique index on open claims lets one through; the other gets the 409 above.
 */
export async function recordCpfClaim(
  db: Queryable,
  customerId: number,
  check: CpfClaimCheck,
  supportRequestId: number,
  now: Date,
): Promise<CpfClaimView> {
  try {
    const row = await selectOne<ClaimRow>(
      db,
      sql`INSERT INTO cpf_claims (cpf, claimant_id, holder_id, support_request_id, created_at)
          VALUES (${check.cpf}, ${customerId}, ${check.holderId}, ${supportRequestId}, ${now.toISOString()}::timestamptz)
          RETURNING id, cpf, status, created_at, resolved_at, support_request_id`,
    );
    return view(row!);
  } catch (error) {
    if (sqlState(error) === '23505') throw new HttpError(409, CPF_CLAIM_MESSAGES.oneAtATime, 'claim_open');
    throw error;
  }
}

/**
 * The holder's CPF left their profile (they removed or changed it, or erased the account)
 * while claims on it were open: the claims are settled as `released`, and the CPF moves to
 * the earliest claimant whose profile has no CPF yet. Runs in the transaction that changed
 * the holder's row, so the unique index sees the CPF free before it is given on. Answers
 * the customer who received it, if anyone.
 */
export async function releaseCpf(db: Queryable, cpf: string, now: Date): Promise<number | null> {
  if (!isCpfNumber(cpf)) return null;
  const claims = await selectRows<{ id: number; claimant_id: number }>(
    db,
    sql`SELECT id, claimant_id FROM cpf_claims WHERE cpf = ${cpf} AND status = 'open' ORDER BY id FOR UPDATE`,
  );
  if (claims.length === 0) return null;
  await db.execute(
    sql`UPDATE cpf_claims SET status = 'released', resolved_at = ${now.toISOString()}::timestamptz
        WHERE cpf = ${cpf} AND status = 'open'`,
  );
  for (const claim of claims) {
    const given = await selectOne<{ id: number }>(
      db,
      sql`UPDATE customers SET cpfnpj = ${cpf}, updated_at = ${now.toISOString()}::timestamptz
          WHERE id = ${claim.claimant_id} AND cpfnpj = ''
            AND NOT EXISTS (SELECT 1 FROM customers WHERE cpfnpj = ${cpf})
          RETURNING id`,
    );
    if (given) return given.id;
  }
  return null;
}

/** The claimant's account is erased: their open claims are withdrawn, unfreezing those CPFs. */
export async function withdrawCpfClaims(db: Queryable, customerId: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE cpf_claims SET status = 'withdrawn', resolved_at = ${now.toISOString()}::timestamptz
        WHERE claimant_id = ${customerId} AND status = 'open'`,
  );
}

/**
 * The team's decision on an open claim (no staff screen yet: run by the team's tooling):
 * `upheld` moves the CPF from the holder to the claimant, `rejected` leaves it with the
 * holder; either way the CPF counts again. Answers false when the claim is not open.
 */
export async function decideCpfClaim(
  db: Queryable,
  claimId: number,
  outcome: 'upheld' | 'rejected',
  now: Date,
): Promise<boolean> {
  const claim = await selectOne<{ cpf: string; claimant_id: number }>(
    db,
    sql`UPDATE cpf_claims SET status = ${outcome}, resolved_at = ${now.toISOString()}::timestamptz
        WHERE id = ${claimId} AND status = 'open' RETURNING cpf, claimant_id`,
  );
  if (!claim) return false;
  if (outcome === 'upheld') {
    const stamp = sql`${now.toISOString()}::timestamptz`;
    await db.execute(
      sql`UPDATE customers SET cpfnpj = '', updated_at = ${stamp} WHERE cpfnpj = ${claim.cpf}`,
    );
    await db.execute(
      sql`UPDATE customers SET cpfnpj = ${claim.cpf}, updated_at = ${stamp} WHERE id = ${claim.claimant_id}`,
    );
    // Anyone else who claimed the same CPF is answered by the same decision.
    await db.execute(
      sql`UPDATE cpf_claims SET status = 'rejected', resolved_at = ${stamp} WHERE cpf = ${claim.cpf} AND status = 'open'`,
    );
  }
  return true;
}
