import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';
import { LOGIN_STATE_TTL_MS, savePendingLogin } from '../../src/identity/login-state.ts';
import { freshDatabase } from '../support/app.ts';

describe('pending Google logins (oauth_states)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('are indexed by expiry, so the sweep on every insert never scans the table', async () => {
    const indexes = await selectRows<{ indexdef: string }>(
      database.db,
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'oauth_states'`,
    );
    expect(indexes.some((index) => /\(expires_at\)/.test(index.indexdef))).toBe(true);
  });

  it('are swept once expired, by the next one saved', async () => {
    const start = new Date('2026-03-01T12:00:00Z');
    const pending = { codeVerifier: 'v', nonce: 'n', returnTo: '/' };
    for (let i = 0; i < 5; i++) await savePendingLogin(database.db, `estado-antigo-${i}`, pending, start);
    const later = new Date(start.getTime() + LOGIN_STATE_TTL_MS + 1000);
    await savePendingLogin(database.db, 'estado-novo', pending, later);
    const rows = await selectRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM oauth_states`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});
