// `npm start`: builds what the storefront needs, then runs the API host (port 3000) and the
// storefront (port 4321) on the embedded database with demo data, until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const apiPort = process.env.API_PORT ?? '3000';
const sitePort = process.env.PORT ?? '4321';
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  API_PORT: apiPort,
  PORT: sitePort,
  DATA_DIR: process.env.DATA_DIR ?? join(root, '.data'),
  PUBLIC_API_URL: process.env.PUBLIC_API_URL ?? `http://localhost:${apiPort}`,
};

const siteDir = join(root, 'site');
const hasSite = existsSync(join(siteDir, 'package.json'));
if (hasSite) {
  // Always a production build (minified, React's production runtime): NODE_ENV only picks
  // demo data and stand-ins at run time (site/astro.config.mjs enforces it for any build).
  console.log('[plateia] building the storefront and the widgets');
  const build = spawnSync(
    process.env.PLATEIA_PNPM ?? 'pnpm',
    ['-r', '--filter', '@plateia/site...', 'build'],
    {
      stdio: 'inherit',
      cwd: root,
      env,
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children = [];
function launch(name, args, cwd) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[plateia] ${name} stopped (${signal ?? code}); shutting down`);
      stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const deadline = setTimeout(() => process.exit(code), 5000);
  deadline.unref();
  Promise.all(
    children.map((child) => new Promise((r) => (child.exitCode === null ? child.on('exit', r) : r()))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

launch('API host', ['src/server.ts'], join(root, 'packages', 'server'));
// The storefront's server: the production build, static files precompressed, pages compressed.
if (hasSite) launch('storefront', ['src/serve/server.ts'], siteDir);

async function waitFor(url) {
  for (let attempt = 0; attempt < 120 && !stopping; attempt++) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return true;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

const apiUp = await waitFor(`http://localhost:${apiPort}/health`);
const siteUp = hasSite ? await waitFor(`http://localhost:${sitePort}/`) : false;
if (apiUp) {
  console.log(`
  Plateia is running.
    Storefront   http://localhost:${sitePort}${siteUp ? '' : '  (not built yet)'}
    API          http://localhost:${apiPort}   (OpenAPI: /openapi.json)
    E-mails      http://localhost:${sitePort}/dev/mailbox

  Demo logins (password plateia123):
    cliente@plateia.dev    customer
    produtor@plateia.dev   producer (Área do Produtor)

  Ctrl-C stops everything.
`);
}
