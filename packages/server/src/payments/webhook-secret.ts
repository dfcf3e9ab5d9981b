import { sql } from 'drizzle-orm';
import { type Queryable, selectOne } from '../db/sql.ts';
import type { PaymentSettings } from './settings.ts';

const KEY = 'pix_webhook_secret';

/**
 * Makes every API process on one database use one PIX webhook secret when
 * `PIX_WEBHOOK_SECRET` is not set: the first process to start stores the one it drew
 * (`app_settings`), the others adopt it, so the PSP's notification is accepted by whichever
 * process it reaches. A configured secret is left as it is.
 */
export async function sharePixWebhookSecret(db: Queryable, settings: PaymentSettings): Promise<void> {
  if (settings.pixWebhookSecretConfigured) return;
  await selectOne(
    db,
    sql`INSERT INTO app_settings (key, value) VALUES (${KEY}, ${settings.pixWebhookSecret}) ON CONFLICT (key) DO NOTHING`,
  );
  const stored = await selectOne<{ value: string }>(
    db,
    sql`SELECT value FROM app_settings WHERE key = ${KEY}`,
  );
  if (stored) settings.pixWebhookSecret = stored.value;
}
