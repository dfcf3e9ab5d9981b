/**
 * "Baixar meus dados" (LGPD art. 18 II and V: access and portability): everything Plateia
 * holds about one customer, read at once from the tables that hold it, as one JSON
 * document (docs/accounts.md, "Your data"). Secrets that would let someone act as the
 * customer (password digest and salt, session and link token digests, wallet pay codes)
 * and the host's internal file paths are left out; what they stand for is said instead.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';

/** One part of the export: a name and the query of its rows (each row a JSON object). */
interface Section {
  name: string;
  rows: (customerId: number, email: string) => SQL;
}

/** Removes `columns` from each row of `from` (a subquery aliased `r`) and aggregates them. */
const rowsOf = (from: SQL, columns: readonly string[] = []) =>
  sql`SELECT coalesce(jsonb_agg(to_jsonb(r) - ${`{${columns.join(',')}}`}::text[]), '[]'::jsonb) AS rows FROM (${from}) r`;

const SECTIONS: readonly Section[] = [
  {
    name: 'sessoes',
    rows: (id) =>
      rowsOf(sql`SELECT * FROM sessions WHERE customer_id = ${id} ORDER BY id`, [
        'token_hash',
        'previous_token_hash',
      ]),
  },
  {
    name: 'pedidos',
    rows: (id) => rowsOf(sql`SELECT * FROM orders WHERE customer_id = ${id} ORDER BY id`, ['session_id']),
  },
  {
    name: 'itens_dos_pedidos',
    rows: (id) =>
      rowsOf(
        sql`SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.customer_id = ${id} ORDER BY i.id`,
      ),
  },
  {
    name: 'pagamentos',
    rows: (id) =>
      rowsOf(sql`SELECT * FROM payments WHERE customer_id = ${id} ORDER BY id`, [
        'idempotency_key',
        'request_fingerprint',
      ]),
  },
  {
    name: 'ingressos',
    rows: (id, email) =>
      rowsOf(
        sql`SELECT * FROM tickets WHERE customer_id = ${id} OR lower(holder_email) = ${email} ORDER BY id`,
      ),
  },
  {
    name: 'transferencias',
    rows: (id) =>
      rowsOf(
        sql`SELECT * FROM ticket_transfers WHERE from_customer_id = ${id} OR to_customer_id = ${id} ORDER BY id`,
        ['token_hash'],
      ),
  },
  {
    name: 'revendas',
    rows: (id) => rowsOf(sql`SELECT * FROM resale_listings WHERE seller_id = ${id} ORDER BY id`),
  },
  {
    name: 'reembolsos',
    rows: (id) => rowsOf(sql`SELECT * FROM refunds WHERE customer_id = ${id} ORDER BY id`),
  },
  {
    name: 'carteira_extrato',
    rows: (id) =>
      rowsOf(
        sql`SELECT t.id AS transaction_id, t.kind, e.amount_cents, t.order_id, t.ticket_id, t.memo, e.created_at
            FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
            JOIN ledger_transactions t ON t.id = e.transaction_id
            WHERE a.kind = 'customer_wallet' AND a.customer_id = ${id} ORDER BY e.id`,
      ),
  },
  {
    name: 'carteira_recargas',
    rows: (id) => rowsOf(sql`SELECT * FROM wallet_topups WHERE customer_id = ${id} ORDER BY id`),
  },
  {
    name: 'carteira_compras',
    rows: (id) =>
      rowsOf(sql`SELECT * FROM wallet_pos_spends WHERE customer_id = ${id} ORDER BY id`, ['idempotency_key']),
  },
  {
    name: 'carteira_devolucoes',
    rows: (id) => rowsOf(sql`SELECT * FROM wallet_returns WHERE customer_id = ${id} ORDER BY id`),
  },
  {
    name: 'amigos',
    rows: (id) =>
      rowsOf(
        sql`SELECT f.id, f.status, f.created_at, f.accepted_at,
                   CASE WHEN f.from_customer_id = ${id} THEN 'enviado' ELSE 'recebido' END AS direction,
                   c.email AS friend_email
            FROM friendships f JOIN customers c
              ON c.id = CASE WHEN f.from_customer_id = ${id} THEN f.to_customer_id ELSE f.from_customer_id END
            WHERE f.from_customer_id = ${id} OR f.to_customer_id = ${id} ORDER BY f.id`,
      ),
  },
  {
    name: 'amizade_configuracao',
    rows: (id) => rowsOf(sql`SELECT * FROM friend_settings WHERE customer_id = ${id}`),
  },
  {
    name: 'mensagens',
    rows: (id) =>
      rowsOf(
        sql`SELECT m.id, m.created_at, m.content, m.is_system, m.dst_read,
                   CASE WHEN m.user_id = ${id} THEN 'enviada' ELSE 'recebida' END AS direction,
                   other.email AS other_email
            FROM chat_messages m JOIN customers other
              ON other.id = CASE WHEN m.user_id = ${id} THEN m.dst_user_id ELSE m.user_id END
            WHERE m.user_id = ${id} OR m.dst_user_id = ${id} ORDER BY m.id`,
      ),
  },
  {
    name: 'suportes',
    rows: (id) => rowsOf(sql`SELECT * FROM support_requests WHERE customer_id = ${id} ORDER BY id`),
  },
  {
    name: 'suportes_mensagens',
    rows: (id) =>
      rowsOf(
        sql`SELECT m.id, m.request_id, m.author, m.body, m.created_at,
                   (SELECT coalesce(jsonb_agg(jsonb_build_object('file_name', a.file_name, 'mime', a.mime, 'size', a.size)), '[]'::jsonb)
                      FROM support_attachments a WHERE a.message_id = m.id) AS attachments
            FROM support_messages m JOIN support_requests r ON r.id = m.request_id
            WHERE r.customer_id = ${id} ORDER BY m.id`,
      ),
  },
  {
    name: 'pagamentos_compartilhados',
    rows: (id) => rowsOf(sql`SELECT * FROM shared_payments WHERE leader_id = ${id} ORDER BY id`),
  },
  {
    name: 'partes_de_pagamentos_compartilhados',
    rows: (_id, email) =>
      rowsOf(sql`SELECT * FROM shared_payment_shares WHERE lower(email) = ${email} ORDER BY id`, [
        'token_hash',
      ]),
  },
  {
    name: 'filas_virtuais',
    rows: (id) => rowsOf(sql`SELECT * FROM virtual_queue_entries WHERE customer_id = ${id} ORDER BY id`),
  },
  {
    // Claims the customer made on a CPF another account held ("Este CPF é meu").
    name: 'analises_de_cpf',
    rows: (id) => rowsOf(sql`SELECT * FROM cpf_claims WHERE claimant_id = ${id} ORDER BY id`, ['holder_id']),
  },
  {
    name: 'solicitacoes_de_produtor',
    rows: (id, email) =>
      rowsOf(
        sql`SELECT * FROM producer_applications WHERE customer_id = ${id} OR lower(email) = ${email} ORDER BY id`,
      ),
  },
];

/** The whole export for one customer, or null when the account does not exist. */
export async function exportCustomerData(
  db: Queryable,
  customerId: number,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const account = await selectOne<{ row: Record<string, unknown> }>(
    db,
    sql`SELECT to_jsonb(c) - '{salt,password_hash,document_path,address_proof_path}'::text[]
               || jsonb_build_object(
                    'documento_enviado', c.document_path IS NOT NULL,
                    'comprovante_de_endereco_enviado', c.address_proof_path IS NOT NULL,
                    'tem_senha', c.password_hash IS NOT NULL) AS row
        FROM customers c WHERE c.id = ${customerId}`,
  );
  if (!account) return null;
  const email = String(account.row.email ?? '').toLowerCase();
  const data: Record<string, unknown> = {
    gerado_em: now.toISOString(),
    sobre:
      'Todos os dados que a Plateia guarda sobre esta conta. Valores em centavos; datas em UTC (ISO 8601). ' +
      'Senha, códigos de acesso e caminhos internos de arquivos não são incluídos.',
    conta: account.row,
  };
  for (const section of SECTIONS) {
    const result = await selectOne<{ rows: unknown[] }>(db, section.rows(customerId, email));
    data[section.name] = result?.rows ?? [];
  }
  return data;
}
