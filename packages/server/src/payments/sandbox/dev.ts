import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { pixWebhookUrl } from '../providers.ts';
import { startSandboxCardGateway } from './card-gateway.ts';
import { startSandboxPsp } from './psp.ts';

/** The sandbox stand-ins started for `npm start`. */
export interface SandboxPayments {
  close(): Promise<void>;
}

/**
 * In development with `PAYMENTS=sandbox`, starts the sandbox PSP and card gateway on their
 * ports (3011 and 3012 by default) so the demo can be paid end to end. A busy port only
 * disables that payment method, with a warning.
 */
export async function startSandboxPayments(config: Config): Promise<SandboxPayments | null> {
  const settings = config.paymentSettings;
  if (config.env !== 'development' || settings.mode !== 'sandbox') return null;
  const closers: (() => Promise<void>)[] = [];
  try {
    const psp = await startSandboxPsp({
      port: settings.sandboxPspPort,
      publicUrl: settings.pixApiUrl,
      merchantName: settings.merchantName,
      merchantCity: settings.merchantCity,
    });
    closers.push(psp.close);
  } catch (error) {
    console.warn(`Sandbox PSP not started on port ${settings.sandboxPspPort}: ${String(error)}`);
  }
  try {
    const gateway = await startSandboxCardGateway({
      port: settings.sandboxCardPort,
      publicUrl: settings.cardPublicUrl,
      secretKey: settings.cardSecretKey,
    });
    closers.push(gateway.close);
  } catch (error) {
    console.warn(`Sandbox card gateway not started on port ${settings.sandboxCardPort}: ${String(error)}`);
  }
  return {
    async close() {
      await Promise.all(closers.map((close) => close()));
    },
  };
}

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
