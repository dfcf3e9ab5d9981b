import { randomBytes } from 'node:crypto';

/** Payment configuration, read from the environment (docs/payments.md "Configuration"). */
export interface PaymentSettings {
  /** `sandbox` runs the local PSP and card gateway stand-ins in development. */
  mode: string;
  /** API Pix base URL of the PSP (the sandbox PSP by default). */
  pixApiUrl: string;
  /** The receiver's PIX key, sent as `chave` in every charge. */
  pixKey: string;
  /**
   * The secret in the webhook URL we register with the PSP. Every API process on one
   * database must share it: without `PIX_WEBHOOK_SECRET` (never in production) the first
   * process to start draws one and keeps it in the database for the others
   * (webhook-secret.ts).
   */
  pixWebhookSecret: string;
  /** Whether `PIX_WEBHOOK_SECRET` set it; otherwise the database's shared one replaces it at start. */
  pixWebhookSecretConfigured: boolean;
  /** Card gateway API base URL and where browsers load its tokeniser. */
  cardApiUrl: string;
  cardPublicUrl: string;
  cardSecretKey: string;
  /** Ports of the sandbox stand-ins started by `npm start`. */
  sandboxPspPort: number;
  sandboxCardPort: number;
  /** Receiver name and city printed in BR Codes. */
  merchantName: string;
  merchantCity: string;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Builds the payment settings from environment variables. */
export function loadPaymentSettings(source: NodeJS.ProcessEnv = process.env): PaymentSettings {
  const sandboxPspPort = int(source.PIX_SANDBOX_PORT, 3011);
  const sandboxCardPort = int(source.CARD_SANDBOX_PORT, 3012);
  const cardApiUrl = source.CARD_API_URL || `http://localhost:${sandboxCardPort}`;
  return {
    mode: source.PAYMENTS ?? 'sandbox',
    pixApiUrl: source.PIX_API_URL || `http://localhost:${sandboxPspPort}`,
    pixKey: source.PIX_KEY || 'pagamentos@plateia.dev',
    pixWebhookSecret: source.PIX_WEBHOOK_SECRET || randomBytes(18).toString('base64url'),
    pixWebhookSecretConfigured: Boolean(source.PIX_WEBHOOK_SECRET),
    cardApiUrl,
    cardPublicUrl: source.CARD_PUBLIC_URL || cardApiUrl,
    cardSecretKey: source.CARD_SECRET_KEY || 'sk_sandbox_plateia',
    sandboxPspPort,
    sandboxCardPort,
    merchantName: source.PIX_MERCHANT_NAME || 'Plateia Ingressos',
    merchantCity: source.PIX_MERCHANT_CITY || 'Sao Paulo',
  };
}
