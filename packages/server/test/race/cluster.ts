import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { newToken, tokenDigest } from '../../src/accounts/tokens.ts';
import type { Database } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/sql.ts';

const serverEntry = join(import.meta.dirname, '..', '..', 'src', 'server.ts');

/** A free loopback port (asked from the OS, then released for the child to take). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** An API host child process running the real entry point (`src/server.ts`). */
export interface ApiProcess {
  url: string;
  stop(): Promise<void>;
  /** Kills the process at once (SIGKILL): no shutdown, in-flight work is lost. */
  kill(): Promise<void>;
}

/**
 * Starts `node src/server.ts` on a database and waits until `/health` answers; `env` adds
 * settings (rate limits, REDIS_URL, ...).
 */
export async function startApiProcess(
  databaseUrl: string,
  timeoutMs = 20_000,
  env: Record<string, string> = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      API_PORT: String(port),
      API_HOST: '127.0.0.1',
      PUBLIC_API_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited: ${stderr}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A scratch database cloned from a migrated template; `drop` removes it. */
export async function cloneDatabase(
  templateUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const template = new URL(templateUrl);
  const templateName = template.pathname.slice(1);
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  await admin.end();
  const url = new URL(templateUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** `count` verified customers with live session tokens, created in two statements. */
export async function createBuyers(
  db: Database,
  count: number,
  prefix = 'comprador',
): Promise<{ id: number; email: string; token: string }[]> {
  const rows = await selectRows<{ id: number; email: string }>(
    db,
    sql`INSERT INTO customers (email, salt, email_verified_at)
        SELECT ${prefix} || n || '@teste.dev', 'salt', now() FROM generate_series(1, ${count}::int) AS n
        RETURNING id, email`,
  );
  const buyers = rows.map((row) => ({ id: row.id, email: row.email, token: newToken() }));
  const json = JSON.stringify(
    buyers.map((buyer) => ({ customer_id: buyer.id, token_hash: tokenDigest(buyer.token) })),
  );
  await db.execute(sql`
    INSERT INTO sessions (customer_id, token_hash, expires_at)
    SELECT r.customer_id, r.token_hash, now() + interval '1 day'
    FROM json_to_recordset(${json}::json) AS r(customer_id int, token_hash text)`);
  return buyers;
}
