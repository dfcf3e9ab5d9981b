import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { pixWebhookUrl } from '../../src/payments/providers.ts';
import { freshDatabase, testConfig } from '../support/app.ts';

describe('PIX webhook secret shared by the processes on one database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database.close());

  it('without PIX_WEBHOOK_SECRET, a second process adopts the first one’s secret and accepts its webhook', async () => {
    const first = await buildApp({ config: testConfig(), database });
    const second = await buildApp({ config: testConfig(), database });
    try {
      const secret = first.payments.settings.pixWebhookSecret;
      expect(second.payments.settings.pixWebhookSecret).toBe(secret);
      expect(pixWebhookUrl(second.config)).toBe(pixWebhookUrl(first.config));
      // The PSP posts to the URL the first process registered; the second one accepts it.
      const delivery = await second.inject({
        method: 'POST',
        url: `/payments/webhooks/pix/${secret}/pix`,
        payload: { pix: [] },
      });
      expect(delivery.statusCode).toBe(200);
      const forged = await second.inject({
        method: 'POST',
        url: '/payments/webhooks/pix/outro-segredo/pix',
        payload: { pix: [] },
      });
      expect(forged.statusCode).toBe(401);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('keeps a configured secret', async () => {
    const config = testConfig();
    config.paymentSettings = {
      ...config.paymentSettings,
      pixWebhookSecret: 'segredo-configurado',
      pixWebhookSecretConfigured: true,
    };
    const app = await buildApp({ config, database });
    try {
      expect(app.payments.settings.pixWebhookSecret).toBe('segredo-configurado');
    } finally {
      await app.close();
    }
  });
});
