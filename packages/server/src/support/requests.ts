import { stat } from 'node:fs/promises';
import type { SupportAttachment, SupportMessage, SupportRequest } from '@plateia/core/contracts/support';
import { FORBIDDEN_MESSAGE } from '@plateia/core/messages/errors';
import {
  SUPPORT_CATEGORIES,
  SUPPORT_MESSAGES,
  type SupportCategory,
  type SupportStatus,
} from '@plateia/core/messages/support';
import { sql } from 'drizzle-orm';
import {
  checkDocument,
  decodeBase64Upload,
  documentPath,
  MAX_DOCUMENT_BYTES,
  storeDocument,
} from '../accounts/documents.ts';
import type { Database } from '../db/client.ts';
import { execute, type Queryable, selectOne, selectRows } from '../db/sql.ts';
import type { Mailer } from '../mail/mailer.ts';
import { HttpError } from '../plugins/errors.ts';
import { staffReplyEmail } from './mail.ts';

/** Most attachments per message. */
export const MAX_SUPPORT_ATTACHMENTS = 3;

/**
 * What one account may store and send through support (docs/social.md, "Support"): a
 * message carries at most 5 MB of attachments, a request at most 20 MB, an account at most
 * 50 MB over all its requests; at most 10 new requests a day and 30 messages an hour.
 * Written files are the host's disk, so every write is bounded per account.
 */
export const SUPPORT_LIMITS = {
  requestAttachmentBytes: 20 * 1024 * 1024,
  accountAttachmentBytes: 50 * 1024 * 1024,
  requestsPerDay: 10,
  messagesPerHour: 30,
} as const;

/** A new support request. */
export interface NewSupportRequest {
  subject: string;
  category: SupportCategory;
  orderId?: number | undefined;
  ticketId?: number | undefined;
  text: string;
  attachments?: SupportAttachment[] | undefined;
}

/** Where attachments are stored and what time it is. */
export interface SupportStore {
  dataDir: string;
  now: Date;
}

interface RequestRow {
  id: number;
  customer_id: number;
  subject: string;
  category: SupportCategory;
  status: SupportStatus;
  order_number: string | null;
  ticket_id: number | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const REQUEST_SELECT = sql`SELECT r.id, r.customer_id, r.subject, r.category, r.status, o.number AS order_number,
  r.ticket_id, r.created_at, r.updated_at FROM support_requests r LEFT JOIN orders o ON o.id = r.order_id`;

function toView(row: RequestRow): SupportRequest {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    categoryLabel: SUPPORT_CATEGORIES[row.category] ?? row.category,
    status: row.status,
    orderNumber: row.order_number,
    ticketId: row.ticket_id,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

// Plain text: control characters other than line breaks and tabs are dropped, blanks trimmed.
function cleanText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

/** Decodes and checks every attachment before anything is written (400/413/415 otherwise). */
function checkAttachments(
  uploads: SupportAttachment[],
): { fileName: string; bytes: Buffer; kind: ReturnType<typeof checkDocument> }[] {
  if (uploads.length > MAX_SUPPORT_ATTACHMENTS) {
    throw new HttpError(400, SUPPORT_MESSAGES.tooManyAttachments, 'too_many_attachments');
  }
  const checked = uploads.map((upload) => {
    const bytes = decodeBase64Upload(upload.fileBase64);
    return { fileName: upload.fileName, bytes, kind: checkDocument(upload.fileName, bytes) };
  });
  const total = checked.reduce((sum, file) => sum + file.bytes.length, 0);
  if (total > MAX_DOCUMENT_BYTES)
    throw new HttpError(413, 'Os anexos devem somar no máximo 5 MB.', 'too_large');
  return checked;
}

/**
 * Refuses (429 for the pace, 413 for the space) a customer's new request (`requestId` null)
 * or message past `SUPPORT_LIMITS`. The customer's row is locked first, so two uploads of
 * one account at once are counted one after the other.
 */
async function assertWithinLimits(
  tx: Queryable,
  now: Date,
  customerId: number,
  requestId: number | null,
  files: ReturnType<typeof checkAttachments>,
): Promise<void> {
  await execute(tx, sql`SELECT id FROM customers WHERE id = ${customerId} FOR UPDATE`);
  const nowIso = now.toISOString();
  const usage = await selectOne<{
    requests: number;
    messages: number;
    account_bytes: string;
    request_bytes: string;
  }>(
    tx,
    sql`SELECT
          (SELECT count(*)::int FROM support_requests
            WHERE customer_id = ${customerId} AND created_at > ${nowIso}::timestamptz - interval '1 day') AS requests,
          (SELECT count(*)::int FROM support_messages m JOIN support_requests r ON r.id = m.request_id
            WHERE r.customer_id = ${customerId} AND m.author = 'customer'
              AND m.created_at > ${nowIso}::timestamptz - interval '1 hour') AS messages,
          (SELECT coalesce(sum(a.size), 0) FROM support_attachments a
            JOIN support_messages m ON m.id = a.message_id JOIN support_requests r ON r.id = m.request_id
            WHERE r.customer_id = ${customerId} AND m.author = 'customer') AS account_bytes,
          (SELECT coalesce(sum(a.size), 0) FROM support_attachments a
            JOIN support_messages m ON m.id = a.message_id
            WHERE m.request_id = ${requestId ?? 0} AND m.author = 'customer') AS request_bytes`,
  );
  if (requestId === null && Number(usage?.requests ?? 0) >= SUPPORT_LIMITS.requestsPerDay) {
    throw new HttpError(429, SUPPORT_MESSAGES.tooManyRequests, 'rate_limited');
  }
  if (Number(usage?.messages ?? 0) >= SUPPORT_LIMITS.messagesPerHour) {
    throw new HttpError(429, SUPPORT_MESSAGES.tooManyMessages, 'rate_limited');
  }
  const adding = files.reduce((sum, file) => sum + file.bytes.length, 0);
  if (adding === 0) return;
  if (Number(usage?.account_bytes ?? 0) + adding > SUPPORT_LIMITS.accountAttachmentBytes) {
    throw new HttpError(413, SUPPORT_MESSAGES.accountAttachmentsFull, 'quota_exceeded');
  }
  if (Number(usage?.request_bytes ?? 0) + adding > SUPPORT_LIMITS.requestAttachmentBytes) {
    throw new HttpError(413, SUPPORT_MESSAGES.requestAttachmentsFull, 'quota_exceeded');
  }
}

async function addMessage(
  db: Queryable,
  store: SupportStore,
  requestId: number,
  author: { kind: 'customer' | 'staff'; id: number },
  body: string,
  files: ReturnType<typeof checkAttachments>,
): Promise<number> {
  const row = await selectOne<{ id: number }>(
    db,
    sql`INSERT INTO support_messages (request_id, author, author_id, body, created_at)
        VALUES (${requestId}, ${author.kind}, ${author.id}, ${body}, ${store.now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  if (!row) throw new Error('support message insert returned no row');
  for (const file of files) {
    const stored = await storeDocument(store.dataDir, file.bytes, file.kind);
    await execute(
      db,
      sql`INSERT INTO support_attachments (message_id, file_name, stored_name, mime, size)
          VALUES (${row.id}, ${file.fileName}, ${stored}, ${file.kind.mime}, ${file.bytes.length})`,
    );
  }
  return row.id;
}

/**
 * Opens a support request for the customer. The order or ticket it is about must be the
 * customer's own (400 otherwise); attachments are checked by content like the documents.
 */
export async function createSupportRequest(
  db: Database,
  store: SupportStore,
  customerId: number,
  input: NewSupportRequest,
): Promise<number> {
  const subject = cleanText(input.subject);
  const text = cleanText(input.text);
  if (!subject) throw new HttpError(400, SUPPORT_MESSAGES.subjectRequired, 'validation');
  if (!text) throw new HttpError(400, SUPPORT_MESSAGES.textRequired, 'validation');
  if (input.orderId !== undefined) {
    const order = await selectOne(
      db,
      sql`SELECT id FROM orders WHERE id = ${input.orderId} AND customer_id = ${customerId}`,
    );
    if (!order) throw new HttpError(400, SUPPORT_MESSAGES.orderNotFound, 'order_not_found');
  }
  if (input.ticketId !== undefined) {
    const ticket = await selectOne(
      db,
      sql`SELECT id FROM tickets WHERE id = ${input.ticketId} AND customer_id = ${customerId}`,
    );
    if (!ticket) throw new HttpError(400, SUPPORT_MESSAGES.ticketNotFound, 'ticket_not_found');
  }
  const files = checkAttachments(input.attachments ?? []);
  return db.transaction(async (tx) => {
    await assertWithinLimits(tx, store.now, customerId, null, files);
    const stamp = store.now.toISOString();
    const row = await selectOne<{ id: number }>(
      tx,
      sql`INSERT INTO support_requests (customer_id, subject, category, order_id, ticket_id, created_at, updated_at)
          VALUES (${customerId}, ${subject}, ${input.category}, ${input.orderId ?? null}, ${input.ticketId ?? null},
                  ${stamp}::timestamptz, ${stamp}::timestamptz)
          RETURNING id`,
    );
    if (!row) throw new Error('support request insert returned no row');
    await addMessage(tx, store, row.id, { kind: 'customer', id: customerId }, text, files);
    return row.id;
  });
}

/** The customer's requests, most recently updated first. */
export async function listSupportRequests(db: Queryable, customerId: number): Promise<SupportRequest[]> {
  const rows = await selectRows<RequestRow>(
    db,
    sql`${REQUEST_SELECT} WHERE r.customer_id = ${customerId} ORDER BY r.updated_at DESC, r.id DESC`,
  );
  return rows.map(toView);
}

/** A request of the customer: 404 when there is none, 403 when it is someone else's. */
async function ownRequest(db: Queryable, requestId: number, customerId: number): Promise<RequestRow> {
  const row = await selectOne<RequestRow>(db, sql`${REQUEST_SELECT} WHERE r.id = ${requestId}`);
  if (!row) throw new HttpError(404, SUPPORT_MESSAGES.notFound, 'not_found');
  if (row.customer_id !== customerId) {
    throw new HttpError(403, FORBIDDEN_MESSAGE, 'forbidden');
  }
  return row;
}

async function threadOf(db: Queryable, requestId: number): Promise<SupportMessage[]> {
  const messages = await selectRows<{
    id: number;
    author: 'customer' | 'staff';
    body: string;
    created_at: string | Date;
  }>(
    db,
    sql`SELECT id, author, body, created_at FROM support_messages WHERE request_id = ${requestId} ORDER BY created_at, id`,
  );
  const files = await selectRows<{
    id: number;
    message_id: number;
    file_name: string;
    mime: string;
    size: number;
  }>(
    db,
    sql`SELECT a.id, a.message_id, a.file_name, a.mime, a.size FROM support_attachments a
          JOIN support_messages m ON m.id = a.message_id WHERE m.request_id = ${requestId} ORDER BY a.id`,
  );
  return messages.map((message) => ({
    id: message.id,
    author: message.author,
    body: message.body,
    created_at: new Date(message.created_at).toISOString(),
    attachments: files
      .filter((file) => file.message_id === message.id)
      .map((file) => ({ id: file.id, fileName: file.file_name, mime: file.mime, size: file.size })),
  }));
}

/** A request of the customer with its thread. */
export async function readSupportRequest(
  db: Queryable,
  requestId: number,
  customerId: number,
): Promise<{ request: SupportRequest; messages: SupportMessage[] }> {
  const row = await ownRequest(db, requestId, customerId);
  return { request: toView(row), messages: await threadOf(db, requestId) };
}

/** The customer replies in their request; it becomes open again. 400 when it is closed. */
export async function replyAsCustomer(
  db: Database,
  store: SupportStore,
  requestId: number,
  customerId: number,
  input: { text: string; attachments?: SupportAttachment[] | undefined },
): Promise<void> {
  const row = await ownRequest(db, requestId, customerId);
  if (row.status === 'closed') throw new HttpError(400, SUPPORT_MESSAGES.closed, 'closed');
  const text = cleanText(input.text);
  if (!text) throw new HttpError(400, SUPPORT_MESSAGES.textRequired, 'validation');
  const files = checkAttachments(input.attachments ?? []);
  await db.transaction(async (tx) => {
    await assertWithinLimits(tx, store.now, customerId, requestId, files);
    await addMessage(tx, store, requestId, { kind: 'customer', id: customerId }, text, files);
    await execute(
      tx,
      sql`UPDATE support_requests SET status = 'open', updated_at = ${store.now.toISOString()}::timestamptz WHERE id = ${requestId}`,
    );
  });
}

/** What a staff reply needs besides the database. */
export interface StaffReplyDeps extends SupportStore {
  mailer: Mailer;
  siteUrl: string;
  /** Where a failed delivery is reported: the reply is stored and shown either way. */
  log: { error(details: object, message: string): void };
}

/**
 * A support team member answers a request (403 for accounts outside `support_staff`); the
 * request becomes answered, or closed when `close` is set, and the customer is e-mailed.
 */
export async function replyAsStaff(
  db: Database,
  deps: StaffReplyDeps,
  requestId: number,
  staffId: number,
  input: { text: string; close?: boolean | undefined },
): Promise<void> {
  const staff = await selectOne(
    db,
    sql`SELECT customer_id FROM support_staff WHERE customer_id = ${staffId}`,
  );
  if (!staff) throw new HttpError(403, SUPPORT_MESSAGES.staffOnly, 'forbidden');
  const text = cleanText(input.text);
  if (!text) throw new HttpError(400, SUPPORT_MESSAGES.textRequired, 'validation');
  const request = await selectOne<{ id: number; subject: string; email: string; namef: string }>(
    db,
    sql`SELECT r.id, r.subject, c.email, c.namef FROM support_requests r JOIN customers c ON c.id = r.customer_id
         WHERE r.id = ${requestId}`,
  );
  if (!request) throw new HttpError(404, SUPPORT_MESSAGES.notFound, 'not_found');
  const status: SupportStatus = input.close ? 'closed' : 'answered';
  await db.transaction(async (tx) => {
    await addMessage(tx, deps, requestId, { kind: 'staff', id: staffId }, text, []);
    await execute(
      tx,
      sql`UPDATE support_requests SET status = ${status}, updated_at = ${deps.now.toISOString()}::timestamptz WHERE id = ${requestId}`,
    );
  });
  const email = staffReplyEmail({
    to: request.email,
    name: request.namef,
    subject: request.subject,
    reply: text,
    link: new URL(`/support/${requestId}`, deps.siteUrl).toString(),
  });
  await deps.mailer.send(email).catch((error: unknown) => {
    deps.log.error({ err: error, requestId }, 'support reply e-mail failed');
  });
}

/** An attachment of one of the customer's requests, ready to send, or null. */
export async function findSupportAttachment(
  db: Queryable,
  dataDir: string,
  requestId: number,
  attachmentId: number,
  customerId: number,
): Promise<{ path: string; mime: string; size: number; fileName: string } | null> {
  await ownRequest(db, requestId, customerId);
  const row = await selectOne<{ stored_name: string; mime: string; file_name: string }>(
    db,
    sql`SELECT a.stored_name, a.mime, a.file_name FROM support_attachments a JOIN support_messages m ON m.id = a.message_id
         WHERE a.id = ${attachmentId} AND m.request_id = ${requestId}`,
  );
  const path = row ? documentPath(dataDir, row.stored_name) : null;
  if (!row || !path) return null;
  const info = await stat(path).catch(() => null);
  if (!info) return null;
  return { path, mime: row.mime, size: info.size, fileName: row.file_name };
}
