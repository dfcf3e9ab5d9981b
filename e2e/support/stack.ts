import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

const repoRoot = join(import.meta.dirname, '..', '..');

/** Addresses of a running stack, handed to the test files. */
export interface StackInfo {
  apiUrl: string;
  siteUrl: string;
  /** Folder where the SMTP sink writes every received message as JSON. */
  mailDir: string;
  oidcUrl: string;
  /** The example producer page (`examples/producer-page`), served from its own origin. */
  producerPageUrl: string;
}

/** A received e-mail as the SMTP sink stores it. */
export interface StoredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

async function waitForHttp(
  url: string,
  child: ChildProcess,
  name: string,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} before answering`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer at ${url} within ${timeoutMs} ms`);
}

/** An SMTP server on a socket that stores each message it receives in `mailDir`. */
async function startSmtpSink(mailDir: string): Promise<{ port: number; close(): Promise<void> }> {
  let counter = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'plateia' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            const mail: StoredMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              receivedAt: Date.now(),
            };
            counter += 1;
            writeFileSync(join(mailDir, `${Date.now()}-${counter}.json`), JSON.stringify(mail));
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Starts what a person meets: an outside SMTP server, the API host (development mode, so
 * the demo data and the local OpenID provider stand-in exist) on a fresh embedded
 * database, and the built storefront, each a real process on its own port.
 */
export async function startStack(basePort: number): Promise<{ info: StackInfo; stop(): Promise<void> }> {
  const workDir = mkdtempSync(join(tmpdir(), 'plateia-e2e-'));
  const mailDir = join(workDir, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpSink(mailDir);
  const apiPort = basePort;
  const sitePort = basePort + 1;
  const oidcPort = basePort + 2;
  const producerPagePort = basePort + 5;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const common = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // A test machine running Chromium, the build and the suite is loaded, not an overloaded
    // host: the event-loop checks would shed the pages' own requests (the in-flight cap stays).
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0',
  };

  const api = spawn(process.execPath, ['src/server.ts'], {
    cwd: join(repoRoot, 'packages', 'server'),
    env: {
      ...common,
      API_PORT: String(apiPort),
      API_HOST: '127.0.0.1',
      PUBLIC_API_URL: apiUrl,
      SITE_URL: siteUrl,
      DATA_DIR: join(workDir, 'data'),
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      DEV_OIDC_PORT: String(oidcPort),
      DATABASE_URL: '',
      PIX_SANDBOX_PORT: String(basePort + 3),
      CARD_SANDBOX_PORT: String(basePort + 4),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // The storefront runs from a copy of its build: a rebuild during the run replaces the
  // hashed chunks a running server still loads lazily. The copy stays under site/ so the
  // server resolves site/node_modules.
  const siteRun = join(repoRoot, 'site', '.e2e-runs', basename(workDir));
  cpSync(join(repoRoot, 'site', 'dist'), join(siteRun, 'dist'), { recursive: true });
  // The storefront's own server (static files precompressed, pages compressed) over that copy.
  const site = spawn(
    process.execPath,
    [join(repoRoot, 'site', 'src', 'serve', 'server.ts'), join(siteRun, 'dist')],
    {
      cwd: join(repoRoot, 'site'),
      env: { ...common, HOST: '127.0.0.1', PORT: String(sitePort), PUBLIC_API_URL: apiUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // A producer's own site: another origin that only carries the script tag.
  const producerPageUrl = `http://127.0.0.1:${producerPagePort}`;
  const producerPage = spawn(process.execPath, ['serve.mjs'], {
    cwd: join(repoRoot, 'examples', 'producer-page'),
    env: { ...common, PORT: String(producerPagePort), PLATEIA_SITE: siteUrl, PLATEIA_API: apiUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const children = [api, site, producerPage];

  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) =>
            child.exitCode === null ? child.on('exit', () => resolve()) : resolve(),
          ),
      ),
    );
    await smtp.close();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(siteRun, { recursive: true, force: true });
  };

  try {
    // A fresh embedded database runs initdb first: on a loaded 2-core machine the API host
    // has taken over 75 s to answer.
    await waitForHttp(`${apiUrl}/health`, api, 'API host', 180_000);
    await waitForHttp(`${siteUrl}/`, site, 'storefront');
    await waitForHttp(`${producerPageUrl}/`, producerPage, 'producer page');
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    info: { apiUrl, siteUrl, mailDir, oidcUrl: `http://localhost:${oidcPort}`, producerPageUrl },
    stop,
  };
}
