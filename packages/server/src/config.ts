import { join } from 'node:path';
import { loadPaymentSettings, type PaymentSettings } from './payments/settings.ts';
import { DEFAULT_SEAT_HOLD_LIMITS, type SeatHoldLimits } from './seat-hold/hold-limits.ts';

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
  /**
   * Per-address limit on each authentication route (getsalt, login, pwrecovery, recovery,
   * customer/add). High on purpose: a carrier's CGNAT address is shared by many customers,
   * and login and getsalt are limited per account first (src/rate-limits).
   */
  authRateLimit: { max: number; timeWindow: number };
  /**
   * Which proxies' `X-Forwarded-For` to believe (`TRUST_PROXY`): a hop count, or the proxies'
   * addresses or CIDR ranges; `false` (the default) takes the socket's address.
   */
  trustProxy: false | number | string[];
  /** `redis://…` for rate-limit counters; unset keeps them in the database. */
  redisUrl: string | undefined;
  /** `REDIS_KEY_PREFIX`: what this deployment's keys start with, so deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Seat-hold caps (`SEAT_HOLD_*`; docs/security.md, "Abuse limits"). */
  seatHoldLimits: SeatHoldLimits;
  /** Port of the local OpenID Connect stand-in started in development without a Google client. */
  devOidcPort: number;
  /**
   * `WEBHOOKS_ALLOW_PRIVATE_ADDRESSES=on`: webhooks may go to loopback and private addresses
   * (and plain http), for local receivers; ignored in production (docs/integrations.md).
   */
  webhooksAllowPrivateAddresses: boolean;
  /** Seeds demo data on first start. */
  seedDemo: boolean;
  logLevel: string;
  /** Background jobs (docs/jobs.md): whether this process works them, and their timings. */
  jobs: JobsConfig;
  /** When the host sheds load with 503 instead of queueing (docs/jobs.md "Overload"). */
  overload: OverloadConfig;
}

/** `JOBS` and its timings (docs/jobs.md). */
export interface JobsConfig {
  /** `JOBS=on|off`: this process polls for jobs and declares the schedules (off in tests). */
  workers: boolean;
  /** `JOBS_POLL_SECONDS`: how often each queue is polled (at least 0.5). */
  pollSeconds: number;
  /** `JOBS_RETRY_DELAY_SECONDS`: first wait before a failed job is tried again (doubles each time). */
  retryDelaySeconds: number;
  /** `JOBS_TICK_SECONDS`: run scheduled jobs every N seconds instead of their cron (tests, demos). */
  tickSeconds: number | undefined;
  /** `JOBS_EXPIRE_SECONDS`: a job running longer is taken as lost (its process died) and retried. */
  expireSeconds: number;
}

/** Overload thresholds (`OVERLOAD_*`); 0 turns a check off. */
export interface OverloadConfig {
  /** Event-loop delay in milliseconds past which requests are refused. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0 to 1) past which requests are refused. */
  maxEventLoopUtilization: number;
  /** Requests being answered at once past which new ones are refused. */
  maxInFlight: number;
  /** The `Retry-After` sent with the 503, in seconds. */
  retryAfterSeconds: number;
}

/** The overload thresholds a host ships with (docs/jobs.md "Overload" says how they were chosen). */
export const OVERLOAD_DEFAULTS: Omit<OverloadConfig, 'retryAfterSeconds'> = {
  maxEventLoopDelayMs: 1000,
  maxEventLoopUtilization: 0,
  maxInFlight: 2000,
};

/**
 * `TRUST_PROXY`: empty, `false` or `0` trusts nobody; a number is how many proxy hops sit in
 * front of the host; anything else is a comma-separated list of proxy addresses or CIDRs.
 * `true` is refused: it would make every client's own X-Forwarded-For its address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true') {
    throw new Error(
      "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the hop count or the proxy addresses",
    );
  }
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

function int(value: string | undefined, fallback: number): number {
  const parsed = Number.parseInt(value ?? '', 10);
  return Number.isFinite(parsed) ? parsed : fallback;
}

/** A configuration the API host refuses to start with; the message names what to fix. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const ENVIRONMENTS = ['production', 'test', 'development'] as const;

/**
 * The environment named by `NODE_ENV`. Anything else (unset, `staging`, `prod`, a typo)
 * refuses to start: a misspelt production must not run with development's defaults.
 */
export function environmentOf(raw: string | undefined): Config['env'] {
  const found = ENVIRONMENTS.find((name) => name === raw);
  if (!found) {
    throw new ConfigError(
      `NODE_ENV must be production, test or development (got ${raw === undefined ? 'nothing' : JSON.stringify(raw)})`,
    );
  }
  return found;
}

/** Whether a listen address only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare);
}

function isHttps(value: string | undefined): boolean {
  try {
    return new URL(value ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Why the API host must not start with this environment, one line per problem (empty when
 * it may). Development listens on loopback only (demo accounts, the mailbox and the
 * stand-ins are not for a network); production needs every outside service configured for
 * real, since the demo fallbacks would take payments to nowhere or mail to no one.
 */
export function startupProblems(source: NodeJS.ProcessEnv, config: Config): string[] {
  if (config.env === 'development') {
    return isLoopbackHost(config.host)
      ? []
      : [`API_HOST ${config.host} is not a loopback address; development only listens on this machine`];
  }
  if (config.env !== 'production') return [];
  const problems: string[] = [];
  const set = (name: string) => Boolean(source[name]?.trim());
  const https = (name: string) => {
    if (!set(name)) problems.push(`${name} is not set`);
    else if (!isHttps(source[name])) problems.push(`${name} must be an https:// address`);
  };
  if (!set('PAYMENTS') || source.PAYMENTS === 'sandbox')
    problems.push('PAYMENTS must name the payment provider (sandbox is not allowed in production)');
  https('PIX_API_URL');
  if (!set('PIX_KEY')) problems.push('PIX_KEY is not set');
  if (!set('PIX_WEBHOOK_SECRET')) problems.push('PIX_WEBHOOK_SECRET is not set');
  https('CARD_API_URL');
  if (!set('CARD_SECRET_KEY')) problems.push('CARD_SECRET_KEY is not set');
  if (!set('SMTP_URL')) problems.push('SMTP_URL is not set');
  https('SITE_URL');
  https('PUBLIC_API_URL');
  return problems;
}

/** Throws a ConfigError listing every problem `startupProblems` finds. */
export function assertStartable(source: NodeJS.ProcessEnv, config: Config): void {
  const problems = startupProblems(source, config);
  if (problems.length > 0) {
    throw new ConfigError(`Refusing to start (NODE_ENV=${config.env}):\n- ${problems.join('\n- ')}`);
  }
}

/**
 * Builds the configuration from `process.env` (or a given map, in tests). Throws a
 * ConfigError for an unknown `NODE_ENV`.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const env = environmentOf(source.NODE_ENV);
  const apiPort = int(source.API_PORT, 3000);
  const origins = source.CORS_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  const siteUrl = source.SITE_URL ?? `http://localhost:${int(source.PORT, 4321)}`;
  return {
    env,
    // Development listens on this machine only; elsewhere on every interface unless told.
    host: source.API_HOST || (env === 'development' ? 'localhost' : '0.0.0.0'),
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
      max: int(source.AUTH_RATE_LIMIT_MAX, 300),
      timeWindow: int(source.AUTH_RATE_LIMIT_WINDOW_MS, 60_000),
    },
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    redisUrl: source.REDIS_URL || undefined,
    redisKeyPrefix: source.REDIS_KEY_PREFIX || 'plateia',
    seatHoldLimits: {
      seatsPerHolder: int(source.SEAT_HOLD_MAX_SEATS, DEFAULT_SEAT_HOLD_LIMITS.seatsPerHolder),
      seatsPerAddress: int(source.SEAT_HOLD_MAX_SEATS_PER_ADDRESS, DEFAULT_SEAT_HOLD_LIMITS.seatsPerAddress),
      secondsPerSeat: int(source.SEAT_HOLD_MAX_SECONDS, DEFAULT_SEAT_HOLD_LIMITS.secondsPerSeat),
      holdsPerMinute: int(source.SEAT_HOLD_RATE_MAX, DEFAULT_SEAT_HOLD_LIMITS.holdsPerMinute),
    },
    devOidcPort: int(source.DEV_OIDC_PORT, 3009),
    webhooksAllowPrivateAddresses: env !== 'production' && source.WEBHOOKS_ALLOW_PRIVATE_ADDRESSES === 'on',
    seedDemo: env === 'development',
    logLevel: source.LOG_LEVEL ?? (env === 'test' ? 'silent' : 'info'),
    jobs: {
      workers: source.JOBS ? source.JOBS === 'on' : env !== 'test',
      pollSeconds: Math.max(0.5, Number(source.JOBS_POLL_SECONDS) || 2),
      retryDelaySeconds: Math.max(1, int(source.JOBS_RETRY_DELAY_SECONDS, 30)),
      tickSeconds: source.JOBS_TICK_SECONDS ? Math.max(1, int(source.JOBS_TICK_SECONDS, 60)) : undefined,
      expireSeconds: Math.max(1, int(source.JOBS_EXPIRE_SECONDS, 300)),
    },
    overload: {
      // Off in tests: a loaded test machine is not an overloaded host.
      maxEventLoopDelayMs: int(
        source.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
        env === 'test' ? 0 : OVERLOAD_DEFAULTS.maxEventLoopDelayMs,
      ),
      maxEventLoopUtilization: source.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION
        ? Number(source.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION)
        : env === 'test'
          ? 0
          : OVERLOAD_DEFAULTS.maxEventLoopUtilization,
      maxInFlight: int(source.OVERLOAD_MAX_IN_FLIGHT, OVERLOAD_DEFAULTS.maxInFlight),
      retryAfterSeconds: Math.max(1, int(source.OVERLOAD_RETRY_AFTER_SECONDS, 5)),
    },
    ...overrides,
  };
}
