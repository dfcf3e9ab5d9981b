// Proves the script-tag build in a real Chromium: a static page holding only the loader
// tag and `<plateia-login open>` gets the dialog in a shadow root, page styles stay out,
// and a login through it calls the API named by `data-api` and fires `plateia-login`.
//   node build/check-embed.mjs        (builds dist/embed first when it is missing)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

const packageDir = join(import.meta.dirname, '..');
const embedDir = join(packageDir, 'dist', 'embed');
if (!existsSync(join(embedDir, 'plateia.js'))) {
  spawnSync(process.execPath, [join(packageDir, 'build', 'build.mjs'), 'embed'], { stdio: 'inherit' });
}
// The end-to-end suite's Chromium launcher (it resolves playwright-core from e2e/).
const { launchBrowser } = await import(join(packageDir, '..', '..', 'e2e', 'support', 'chromium.ts'));

const page = (apiUrl) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Produtor</title>
<style>button { background: rgb(255, 0, 0) !important; } dialog { display: none !important; }</style>
<script src="/embed/v1/plateia.js" data-api="${apiUrl}" async></script>
</head><body><h1>Página do produtor</h1><plateia-login open></plateia-login></body></html>`;

const apiCalls = [];
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*' };
  if (url.pathname.startsWith('/api/')) {
    apiCalls.push(url.pathname);
    if (request.method === 'OPTIONS') return response.writeHead(204, cors).end();
    const json = (body) =>
      response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname.startsWith('/api/getsalt/')) return json({ msg: 'sal' });
    if (url.pathname.startsWith('/api/login/'))
      return json({ data: { id: 1, user: 'cliente@plateia.dev' }, token: 't' });
    return response.writeHead(404, cors).end();
  }
  if (url.pathname.startsWith('/embed/v1/')) {
    const file = normalize(join(embedDir, url.pathname.slice('/embed/v1/'.length)));
    if (!file.startsWith(embedDir) || !existsSync(file)) return response.writeHead(404).end();
    return response.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
  }
  const { port } = server.address();
  return response.writeHead(200, { 'content-type': 'text/html' }).end(page(`http://127.0.0.1:${port}/api`));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await launchBrowser();
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};
try {
  const tab = await browser.newPage();
  const pageErrors = [];
  tab.on('pageerror', (error) => pageErrors.push(error.message));
  // Register the listener before any page script runs, so no event is missed.
  await tab.addInitScript(() => {
    window.__logins = [];
    document.addEventListener('plateia-login', (event) => window.__logins.push(event.detail.user.user));
  });
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.waitForFunction(() =>
    document.querySelector('plateia-login')?.shadowRoot?.querySelector('dialog[open]'),
  );
  const state = await tab.evaluate(() => {
    const host = document.querySelector('plateia-login');
    const root = host.shadowRoot;
    const dialog = root.querySelector('dialog');
    const submit = [...root.querySelectorAll('button')].find((b) =>
      b.textContent.includes('Fazer Login com Email'),
    );
    return {
      version: globalThis.Plateia?.version,
      api: globalThis.PLATEIA_API_URL,
      title: root.querySelector('h2')?.textContent,
      modal: dialog.matches(':modal'),
      visible: dialog.getBoundingClientRect().width > 0,
      adopted: root.adoptedStyleSheets.length,
      submitBackground: getComputedStyle(submit).backgroundColor,
      lightDomDialogs: document.querySelectorAll('dialog').length,
      hasReact: Boolean(globalThis.React),
    };
  });
  check(
    state.title === 'Acessar Conta',
    `dialog "Acessar Conta" rendered in the shadow root (${state.title})`,
  );
  check(
    state.modal && state.visible,
    'dialog is modal (top layer) and visible despite page `dialog { display: none }`',
  );
  check(state.adopted === 1, 'styles adopted as one constructable sheet');
  check(
    state.submitBackground !== 'rgb(255, 0, 0)',
    `page button styles do not leak in (${state.submitBackground})`,
  );
  check(state.lightDomDialogs === 0, 'nothing rendered into the light DOM');
  check(
    typeof state.version === 'string' && state.api === `http://127.0.0.1:${port}/api`,
    `loader ${state.version} read data-api`,
  );

  await tab.locator('plateia-login').getByLabel('E-mail').fill('cliente@plateia.dev');
  await tab.locator('plateia-login').getByLabel('Senha', { exact: true }).fill('plateia123');
  await tab.locator('plateia-login').getByRole('button', { name: 'Fazer Login com Email' }).click();
  await tab.waitForFunction(() => window.__logins.length > 0, null, { timeout: 5000 }).catch(() => undefined);
  const logins = await tab.evaluate(() => window.__logins);
  check(logins[0] === 'cliente@plateia.dev', 'login through the API named by data-api fired plateia-login');
  check(
    apiCalls.some((path) => path.startsWith('/api/login/')),
    'the login call reached the data-api host',
  );
  const closed = await tab.evaluate(() => !document.querySelector('plateia-login').hasAttribute('open'));
  check(closed, 'the dialog closed and removed `open`');
  check(pageErrors.length === 0, `no page errors ${pageErrors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
if (failures.length > 0) process.exit(1);
