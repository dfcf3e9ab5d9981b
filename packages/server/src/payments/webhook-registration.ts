import type { FastifyInstance } from 'fastify';
import { pixWebhookUrl } from './providers.ts';

/**
 * Registers our webhook with the PSP (`PUT /webhook/{chave}`) once the host listens. With a
 * real PSP this is usually done once at onboarding; doing it at start is harmless.
 */
export async function registerPixWebhook(app: FastifyInstance): Promise<void> {
  try {
    await app.payments.pix.configureWebhook(app.payments.settings.pixKey, pixWebhookUrl(app.config));
  } catch (error) {
    // Payments still settle through status polling, which asks the PSP directly.
    app.log.warn({ err: error }, 'PIX webhook not registered with the PSP');
  }
}
