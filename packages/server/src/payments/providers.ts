import type { Config } from '../config.ts';
import { type CardGateway, HttpCardGateway } from './card/gateway.ts';
import { HttpPixProvider } from './pix/http-provider.ts';
import type { PixProvider } from './pix/provider.ts';
import type { PaymentSettings } from './settings.ts';

/** The outside payment systems the API host talks to, plus how to reach them. */
export interface PaymentProviders {
  pix: PixProvider;
  card: CardGateway;
  settings: PaymentSettings;
  /** In sandbox mode: the PSP page with "Simular pagamento" for a charge. Absent otherwise. */
  simulateUrl?: (txid: string) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The PIX provider and card gateway (HTTP adapters; the sandbox stand-ins by default). */
    payments: PaymentProviders;
  }
}

/**
 * HTTP adapters pointed at the configured PSP and gateway. With `PAYMENTS=sandbox` (the
 * default) those are the local stand-ins `npm start` runs on ports 3011 and 3012.
 */
export function createPaymentProviders(config: Config): PaymentProviders {
  const settings = config.paymentSettings;
  const sandbox = settings.mode === 'sandbox' && config.env !== 'production';
  return {
    pix: new HttpPixProvider({ baseUrl: settings.pixApiUrl }),
    card: new HttpCardGateway({
      baseUrl: settings.cardApiUrl,
      publicUrl: settings.cardPublicUrl,
      secretKey: settings.cardSecretKey,
    }),
    settings,
    ...(sandbox
      ? { simulateUrl: (txid: string) => `${settings.pixApiUrl.replace(/\/$/, '')}/sandbox/cob/${txid}` }
      : {}),
  };
}

/** The URL we register with the PSP; it POSTs to `{this}/pix`, the route in routes/payments. */
export function pixWebhookUrl(config: Config): string {
  return `${config.publicApiUrl.replace(/\/$/, '')}/payments/webhooks/pix/${config.paymentSettings.pixWebhookSecret}`;
}
