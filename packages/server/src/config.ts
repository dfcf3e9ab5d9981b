import { join } from 'node:path';
import { loadPaymentSettings, type PaymentSettings } from './payments/settings.ts';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface Config {
  /** `development` enables demo data, the dev mailbox and the local OpenID stand-in. */
  env: 'development' | 'production' | 'test';
  host: string;
  apiPort: number;
  /** Where browsers reach the API (used in e-mail links and OAuth redirects). */
  publicApiUrl: string;
  /** Where the storefront lives (links in e-mails, return address after Google sign-in). */
  siteUrl: string;
  /** `postgres://…`, or undefined for the embedded PGlite under `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** `smtp://user:pass@host:port`, or undefined for the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where "Seja produtor" applications are e-mailed (docs/social.md). */
  producerTeamEmail: string;
  google: {
    issuer: string;
    clientId: string | undefined;
    clientSecret: string | undefined;
  };
  /** Origins allowed by CORS; `true` allows any (development). */
  corsOrigins: string[] | true;
  payments: string;
  /** PSP, card gateway and sandbox settings (docs/payments.md). */
  paymentSettings: PaymentSettings;
  /** Per-IP limit on each authentication route (getsalt, login, pwrecovery, recovery, customer/add). */
  authRateLimit: { max: number; timeWindow: number };
  /** Port of the local OpenID Connect stand-in started in development without a Google client. */
  devOidcPort: number;
  /** Seeds demo data on first start. */
  seedDemo: boolean;
  logLevel: string;
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** Builds the configuration from `process.env` (or a given map, in tests). */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const rawEnv = source.NODE_ENV;
  const env = rawEnv === 'production' || rawEnv === 'test' ? rawEnv : 'development';
  const apiPort = int(source.API_PORT, 3000);
  const origins = source.CORS_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const siteUrl = source.SITE_URL ?? `http://localhost:${int(source.PORT, 4321)}`;
  return {
    env,
    host: source.API_HOST ?? '0.0.0.0',
    apiPort,
    publicApiUrl: source.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
    siteUrl,
    databaseUrl: source.DATABASE_URL || undefined,
    dataDir: source.DATA_DIR ?? join(process.cwd(), '.data'),
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM ?? 'Plateia <nao-responda@plateia.dev>',
    producerTeamEmail: source.PRODUCER_TEAM_EMAIL?.trim() || 'produtores@plateia.dev',
    google: {
      issuer: source.GOOGLE_ISSUER ?? 'https://accounts.google.com',
      clientId: source.GOOGLE_CLIENT_ID || undefined,
      clientSecret: source.GOOGLE_CLIENT_SECRET || undefined,
    },
    corsOrigins: origins && origins.length > 0 ? origins : env === 'production' ? [siteUrl] : true,
    payments: source.PAYMENTS ?? 'sandbox',
    paymentSettings: loadPaymentSettings(source),
    authRateLimit: {
      max: int(source.AUTH_RATE_LIMIT_MAX, 20),
      timeWindow: int(source.AUTH_RATE_LIMIT_WINDOW_MS, 60_000),
    },
    devOidcPort: int(source.DEV_OIDC_PORT, 3009),
    seedDemo: env === 'development',
    logLevel: source.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    ...overrides,
  };
}
