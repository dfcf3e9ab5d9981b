// `npm run bench` (plain node): the door check-in at the size of a large event. Over real
// HTTP through the real server entry, on PostgreSQL: the manifest of an event of 100,000
// tickets (its gzip size, the download of every page, and the scanner's local decode and
// encrypted write), the scanner's local decision per scan (the decision table with the
// real code check), and one upload of 10,000 queued offline scans (then the same batch
// again, which must record nothing). Uses BENCH_DATABASE_URL or DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/test) for a scratch database; skips when none answers.

import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { CheckInManifestPage } from '@plateia/core/contracts/check-in';
import { memoryVaultStorage, openCheckInVault } from '@plateia/core/crypto/check-in-vault';
import { type CheckInTicket, decideScan } from '@plateia/core/rules/check-in-decision';
import {
  base64UrlToBytes,
  checkTicketCode,
  deriveTicketSecret,
  encodeTicketPayload,
  ticketCodeAt,
} from '@plateia/core/rules/ticket-code';
import { sql } from 'drizzle-orm';
import { openSession } from '../src/accounts/sessions.ts';
import { createEvent } from '../src/catalogue/create.ts';
import { selectOne } from '../src/db/sql.ts';
import { benchOnScratchDatabase, checkBudget, readBudget } from './support.ts';

const TICKETS = 100_000;
const DECISIONS = 2_000;
const UPLOAD = 10_000;

interface CheckInBudget {
  maxManifestGzipKB: number;
  maxManifestDownloadMs: number;
  maxManifestDecodeMs: number;
  maxDecisionP99Ms: number;
  maxUploadMs: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

await benchOnScratchDatabase('check-in', 'plateia_bench_check_in', 4, async ({ database, startApi }) => {
  const db = database.db;
  const producer = await selectOne<{ id: number }>(
    db,
    sql`INSERT INTO customers (email, salt, isadmin, email_verified_at)
        VALUES ('produtor-bench@plateia.dev', 'salt', '1', now()) RETURNING id`,
  );
  const token = await openSession(db, producer!.id, new Date());
  // Door day: the event starts in two hours, so its doors are open (docs/check-in.md).
  const startsAt = new Date(Date.now() + 2 * 3600 * 1000);
  const event = await createEvent(db, {
    slug: 'estadio-lotado',
    name: 'Estádio Lotado',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 5 * 3600 * 1000),
    producerId: producer!.id,
    lots: [{ name: 'Pista', nNumber: 1, priceCents: 10_000, quantity: TICKETS, perOrderLimit: 10 }],
  });
  // A tenth of the tickets changed hands once, and some were refunded or cancelled, as at a real event.
  await db.execute(
    sql`INSERT INTO tickets (code, holder_email, event_id, ticket_type_id, holder_version, status)
        SELECT 'bench-' || n, 'portador' || n || '@example.com', ${event.id}, ${event.lotIds[0]!},
               CASE WHEN n % 10 = 0 THEN 2 ELSE 1 END,
               CASE WHEN n % 97 = 0 THEN 'cancelled' ELSE 'valid' END
        FROM generate_series(1, ${TICKETS}::int) AS n`,
  );
  await db.execute(sql`ANALYZE tickets`);
  const api = await startApi();
  const auth = { authorization: `Bearer ${token}` };

  // The manifest, every page, as the scanner downloads it.
  let cursor = '';
  let rawBytes = 0;
  let gzipBytes = 0;
  const bodies: string[] = [];
  const downloadStart = performance.now();
  for (;;) {
    const res = await fetch(
      `${api.url}/check-in/events/${event.id}/manifest${cursor ? `?cursor=${cursor}` : ''}`,
      {
        headers: auth,
      },
    );
    if (!res.ok) throw new Error(`manifest answered ${res.status}`);
    const body = await res.text();
    bodies.push(body);
    const page = JSON.parse(body) as CheckInManifestPage;
    cursor = page.cursor;
    if (!page.more) break;
  }
  const downloadMs = performance.now() - downloadStart;
  for (const body of bodies) {
    rawBytes += Buffer.byteLength(body);
    gzipBytes += gzipSync(body).byteLength;
  }

  // What the scanner does with it: parse, index, and keep it encrypted at rest.
  const decodeStart = performance.now();
  const tickets = new Map<number, CheckInTicket>();
  let eventKey: Uint8Array = new Uint8Array();
  for (const body of bodies) {
    const page = JSON.parse(body) as CheckInManifestPage;
    eventKey = base64UrlToBytes(page.eventKey);
    for (const [id, holderVersion, status] of page.tickets) tickets.set(id, { id, holderVersion, status });
  }
  const decodeMs = performance.now() - decodeStart;
  const vault = await openCheckInVault(memoryVaultStorage());
  const sealStart = performance.now();
  await vault.write(
    'manifest',
    [...tickets.values()].map((t) => [t.id, t.holderVersion, t.status]),
  );
  const reopened = await vault.read<unknown[]>('manifest');
  const sealMs = performance.now() - sealStart;
  if (tickets.size !== TICKETS || reopened?.length !== TICKETS)
    throw new Error(`manifest held ${tickets.size} tickets`);

  // Local decisions: live codes of random tickets, decided with the real code check.
  const now = Date.now();
  const ids = [...tickets.keys()];
  const scans: string[] = [];
  for (let index = 0; index < DECISIONS; index++) {
    const ticket = tickets.get(ids[(index * 7919) % ids.length]!)!;
    const secret = await deriveTicketSecret(eventKey, ticket.id, ticket.holderVersion);
    scans.push(
      encodeTicketPayload({
        ticketId: ticket.id,
        holderVersion: ticket.holderVersion,
        code: ticketCodeAt(secret, now),
      }),
    );
  }
  const context = {
    findTicket: (id: number) => tickets.get(id),
    checkCode: async (id: number, holderVersion: number, code: string) =>
      checkTicketCode(await deriveTicketSecret(eventKey, id, holderVersion), code, now),
  };
  const times: number[] = [];
  let admitted = 0;
  for (const text of scans) {
    const start = performance.now();
    const decision = await decideScan(text, context);
    times.push(performance.now() - start);
    if (decision.admitted) admitted++;
  }
  times.sort((a, b) => a - b);
  if (admitted === 0) throw new Error('no scan was admitted');

  // One upload of 10,000 queued offline scans, then the same batch again.
  // Each admission carries the code scanned at its time: the server checks every one again.
  const batch = await Promise.all(
    ids.slice(0, UPLOAD).map(async (id, index) => {
      const holderVersion = tickets.get(id)!.holderVersion;
      const at = now - (UPLOAD - index) * 100;
      return {
        nonce: randomUUID(),
        ticketId: id,
        holderVersion,
        verdict: index % 50 === 0 ? 'invalid_code' : 'admitted',
        code: ticketCodeAt(await deriveTicketSecret(eventKey, id, holderVersion), at),
        scannedAt: new Date(at).toISOString(),
      };
    }),
  );
  const post = async () => {
    const start = performance.now();
    const res = await fetch(`${api.url}/check-in/events/${event.id}/scans`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ deviceId: 'scanner-bench-porta', scans: batch }),
    });
    const answer = (await res.json()) as { recorded: number; duplicates: number; refused: unknown[] };
    if (!res.ok) throw new Error(`upload answered ${res.status}: ${JSON.stringify(answer)}`);
    return { ms: performance.now() - start, answer };
  };
  const first = await post();
  const again = await post();
  const used = await selectOne<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM tickets WHERE event_id = ${event.id} AND status = 'used'`,
  );

  const figures = {
    manifestPages: bodies.length,
    manifestRawKB: Math.round(rawBytes / 1024),
    manifestGzipKB: Math.round(gzipBytes / 1024),
    manifestDownloadMs: Math.round(downloadMs),
    manifestDecodeMs: Math.round(decodeMs),
    manifestEncryptedWriteReadMs: Math.round(sealMs),
    decisionP50Ms: Number(percentile(times, 0.5).toFixed(3)),
    decisionP99Ms: Number(percentile(times, 0.99).toFixed(3)),
    uploadMs: Math.round(first.ms),
    uploadAgainMs: Math.round(again.ms),
    ticketsMarkedUsed: used?.count ?? 0,
  };
  console.log(`[check-in] ${JSON.stringify(figures)}`);
  const budget = readBudget<CheckInBudget>('checkIn');
  if (!budget) throw new Error('budgets.json has no checkIn section');
  return checkBudget('check-in', [
    [
      `manifest of ${TICKETS} tickets ${figures.manifestGzipKB} KB gzip <= ${budget.maxManifestGzipKB}`,
      figures.manifestGzipKB <= budget.maxManifestGzipKB,
    ],
    [
      `manifest download ${figures.manifestDownloadMs} ms <= ${budget.maxManifestDownloadMs}`,
      figures.manifestDownloadMs <= budget.maxManifestDownloadMs,
    ],
    [
      `manifest decode ${figures.manifestDecodeMs} ms <= ${budget.maxManifestDecodeMs}`,
      figures.manifestDecodeMs <= budget.maxManifestDecodeMs,
    ],
    [
      `local decision p99 ${figures.decisionP99Ms} ms <= ${budget.maxDecisionP99Ms}`,
      figures.decisionP99Ms <= budget.maxDecisionP99Ms,
    ],
    [
      `upload of ${UPLOAD} scans ${figures.uploadMs} ms <= ${budget.maxUploadMs}`,
      figures.uploadMs <= budget.maxUploadMs,
    ],
    [`upload recorded ${first.answer.recorded} of ${UPLOAD}`, first.answer.recorded === UPLOAD],
    [
      `every uploaded admission's code checked and counted (${first.answer.refused.length} refused)`,
      first.answer.refused.length === 0,
    ],
    [
      `the same batch again recorded nothing (${again.answer.duplicates} duplicates)`,
      again.answer.recorded === 0 && again.answer.duplicates === UPLOAD,
    ],
  ]);
});
