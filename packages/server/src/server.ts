import { buildApp } from './app.ts';
import { assertStartable, type Config, ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { registerPixWebhook } from './payments/webhook-registration.ts';
import { seedDemo } from './seed/index.ts';
import { startSandboxPayments } from './stand-ins/dev.ts';
import { type DevOidcProvider, startDevOidcProvider } from './stand-ins/openid-provider/index.ts';

/**
 * In development without a Google client, starts the local OpenID provider stand-in so the
 * Google button works in the demo. A busy port only disables Google sign-in.
 */
async function devIdentity(config: Config): Promise<DevOidcProvider | null> {
  if (config.env !== 'development' || config.google.clientId) return null;
  try {
    const provider = await startDevOidcProvider({
      port: config.devOidcPort,
      redirectUri: `${config.publicApiUrl.replace(/\/+$/, '')}/auth/google/callback`,
    });
    config.google = {
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
    };
    return provider;
  } catch (error) {
    console.warn(`Google sign-in stand-in not started on port ${config.devOidcPort}: ${String(error)}`);
    return null;
  }
}

/** Starts the API host: opens the database, migrates, seeds demo data in development, listens. */
async function main(): Promise<void> {
  const config = loadConfig();
  assertStartable(process.env, config);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await migrate(database);
  if (config.seedDemo) await seedDemo(database);
  const devProvider = await devIdentity(config);
  const sandboxPayments = await startSandboxPayments(config);
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, let in-flight requests finish, then close the database.
    await app.close();
    await devProvider?.close();
    await sandboxPayments?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.apiPort, host: config.host });
  await registerPixWebhook(app);
  if (devProvider) app.log.info({ issuer: devProvider.issuer }, 'Google sign-in uses the local stand-in');
}

main().catch((error: unknown) => {
  // A configuration refusal is a message for the operator, not a stack trace.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
