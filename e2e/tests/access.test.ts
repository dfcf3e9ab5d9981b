import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack, uniqueEmail } from '../support/browser.ts';

/** Opens the header's login dialog and clicks "Fazer Login com Google". */
async function startGoogle(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
  await dialog.getByRole('button', { name: 'Fazer Login com Google' }).click();
  await page.waitForURL(`${stack().oidcUrl}/**`);
}

/** Signs in with Google (the local stand-in) as `email`. */
async function googleSignIn(page: Page, email: string): Promise<void> {
  await startGoogle(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).waitFor();
}

/**
 * Runs a Google sign-in with plain HTTP (keeping cookies per host, as a browser would) up
 * to the provider's redirect back to the API host, and answers that URL unvisited.
 */
async function callbackUrlFor(email: string): Promise<string> {
  const jars = new Map<string, Map<string, string>>();
  const request = async (url: string, form?: Record<string, string>) => {
    const target = new URL(url);
    const jar = jars.get(target.host) ?? new Map<string, string>();
    jars.set(target.host, jar);
    const headers: Record<string, string> = {};
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(target, {
      method: form ? 'POST' : 'GET',
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return response;
  };
  let url = `${stack().apiUrl}/auth/google?returnTo=%2F`;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await request(url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (next.startsWith(`${stack().apiUrl}/auth/google/callback`)) return next;
      url = next;
      continue;
    }
    // The stand-in's e-mail form.
    const action = /action="([^"]+)"/.exec(await response.text())?.[1];
    if (!action) throw new Error(`no form at ${url}`);
    url = new URL(action, url).toString();
    form = { email };
  }
  throw new Error('the sign-in never reached the callback');
}

/** What this browser has stored as the logged-in user (null when logged out). */
const storedUser = (page: Page) => page.evaluate(() => localStorage.getItem('plateia:user'));

describe('access in the browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const context = async () => {
    const created = await newContext(browser);
    contexts.push(created);
    return created;
  };
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const created of contexts) await created.close().catch(() => {});
    await browser?.close();
  });

  it("ignores a planted #token: a link cannot sign the visitor into someone else's account", async () => {
    // The attacker signs in with Google in their own browser and keeps the token.
    const attacker = await (await context()).newPage();
    await googleSignIn(attacker, uniqueEmail('atacante'));
    const token = await attacker.evaluate(() => localStorage.getItem('plateia:token'));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The victim opens a link carrying it.
    const victim = await (await context()).newPage();
    await victim.goto(`/auth/callback#token=${token}&returnTo=%2F&login=qualquer-coisa-1234`);
    const alert = victim.getByRole('alert').filter({ hasText: 'Não foi possível entrar' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('não corresponde a um login iniciado neste navegador');
    expect(await storedUser(victim)).toBeNull();
    expect(await victim.evaluate(() => localStorage.getItem('plateia:token'))).toBeNull();
    // The token left the address bar at once.
    expect(new URL(victim.url()).hash).toBe('');
  });

  it('refuses a Google callback URL opened in a browser that did not start the sign-in', async () => {
    // The attacker runs the sign-in outside any browser and stops at the callback URL.
    const captured = await callbackUrlFor(uniqueEmail('atacante2'));
    expect(captured).toMatch(/\/auth\/google\/callback\?.*code=/);

    const victim = await (await context()).newPage();
    await victim.goto(captured);
    await victim.waitForURL(`${stack().siteUrl}/auth/callback**`);
    await victim.getByRole('alert').filter({ hasText: 'Não foi possível entrar' }).waitFor();
    expect(await storedUser(victim)).toBeNull();
  });

  it('lists the sessions in the profile and signs out everywhere', async () => {
    const email = uniqueEmail('sessoes');
    const phone = await (await context()).newPage();
    await googleSignIn(phone, email);
    const laptop = await (await context()).newPage();
    await googleSignIn(laptop, email);
    expect(JSON.parse((await storedUser(laptop)) ?? '{}').user).toBe(email);

    await laptop.goto('/settings/perfil');
    const card = laptop.getByRole('region', { name: 'Sessões ativas' });
    await card.getByText('Este dispositivo').waitFor();
    expect(await card.getByRole('listitem').count()).toBeGreaterThanOrEqual(2);
    expect(await card.getByRole('listitem').first().textContent()).toMatch(/Chrome|Chromium|Linux/);

    laptop.once('dialog', (dialog) => void dialog.accept());
    await card.getByRole('button', { name: 'Sair de todos os dispositivos' }).click();
    await laptop.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await storedUser(laptop)).toBeNull();

    // The other browser's token no longer works: its next request signs it out.
    await phone.goto('/settings/perfil');
    await phone.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor({ timeout: 15_000 });
  });
});
