import { chatRoomId } from '@plateia/core/rules/chat-room';
import { sql } from 'drizzle-orm';
import { execute, type Queryable, selectOne } from '../db/sql.ts';

// The demo's friendships (README, "Demo logins"): Carla (cliente@) is friends with João and Mariana,
// with a short chat history each, and has a pending request from Rafael to accept.
const FRIENDS: readonly [string, string][] = [
  ['cliente@plateia.dev', 'joao.pereira@plateia.dev'],
  ['mariana.costa@plateia.dev', 'cliente@plateia.dev'],
];
const PENDING: readonly [string, string][] = [['rafael.oliveira@plateia.dev', 'cliente@plateia.dev']];

// [from, to, text, minutes ago, read by the addressee]
const CHATS: readonly [string, string, string, number, boolean][] = [
  ['joao.pereira@plateia.dev', 'cliente@plateia.dev', 'E aí, Carla! Vai no Festival de Verão?', 180, true],
  [
    'cliente@plateia.dev',
    'joao.pereira@plateia.dev',
    'Vou sim! Já comprei o ingresso do 1º lote.',
    175,
    true,
  ],
  [
    'joao.pereira@plateia.dev',
    'cliente@plateia.dev',
    'Boa! Bora combinar de ir juntos & chegar cedo.',
    170,
    true,
  ],
  ['cliente@plateia.dev', 'joao.pereira@plateia.dev', 'Fechado. Te mando mensagem no dia.', 165, false],
  [
    'mariana.costa@plateia.dev',
    'cliente@plateia.dev',
    'Oi! Você viu que abriram mesas no teatro?',
    30,
    false,
  ],
  ['mariana.costa@plateia.dev', 'cliente@plateia.dev', 'Quer dividir uma mesa comigo?', 29, false],
];

/**
 * Demo friendships and chat history between the demo customers. Runs once: when Carla
 * already has any friendship row it changes nothing.
 */
export async function seedSocial(db: Queryable, accounts: Record<string, number>, now: Date): Promise<void> {
  const carla = accounts['cliente@plateia.dev'];
  if (carla === undefined) return;
  const existing = await selectOne<{ id: number }>(
    db,
    sql`SELECT id FROM friendships WHERE from_customer_id = ${carla} OR to_customer_id = ${carla} LIMIT 1`,
  );
  if (existing) return;
  const pair = (from: string, to: string) => [accounts[from], accounts[to]] as const;
  for (const [status, list] of [
    [1, FRIENDS],
    [2, PENDING],
  ] as const) {
    for (const [from, to] of list) {
      const [a, b] = pair(from, to);
      if (a === undefined || b === undefined) continue;
      await execute(
        db,
        sql`INSERT INTO friendships (from_customer_id, to_customer_id, status, accepted_at)
            VALUES (${a}, ${b}, ${status}, ${status === 1 ? now.toISOString() : null}::timestamptz)
            ON CONFLICT DO NOTHING`,
      );
    }
  }
  for (const [from, to, text, minutesAgo, read] of CHATS) {
    const [a, b] = pair(from, to);
    if (a === undefined || b === undefined) continue;
    const at = new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    await execute(
      db,
      sql`INSERT INTO chat_messages (chat_room_id, user_id, dst_user_id, content, dst_read, created_at)
          VALUES (${chatRoomId(a, b)}, ${a}, ${b}, ${text}, ${read ? 1 : 0}, ${at}::timestamptz)`,
    );
  }
}
