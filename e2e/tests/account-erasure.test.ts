/**
 * "Excluir minha conta" in Chromium (docs/accounts.md, "Erasure"): the customer erases the
 * account from the profile's dialog with the e-mailed code; the page logs out, the login
 * then fails, and the identity document is gone from the API host's disk.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, linkIn, newContext, stack, uniqueEmail, waitForMail } from '../support/browser.ts';
import { logInFromHeader } from '../support/shopping.ts';

const PASSWORD = 'senha-forte-123';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The API host's stored documents (its DATA_DIR sits beside the stack's mail folder). */
function storedDocuments(): string[] {
  try {
    return readdirSync(join(dirname(stack().mailDir), 'data', 'documents'));
  } catch {
    return [];
  }
}

async function api(path: string, init: { json?: unknown; token?: string } = {}) {
  const response = await fetch(`${stack().apiUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.json ?? {}),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe('account erasure in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('erases the account from the profile with the e-mailed code, logging out for good', async () => {
    // An account with a confirmed e-mail and an identity document on file.
    const email = uniqueEmail('excluir');
    const before = new Set(storedDocuments());
    const created = await api('/customer/add', {
      json: { user: email, namef: 'Helena', namel: 'Dias', pw: PASSWORD, status: 1, uidcad: 1 },
    });
    await api('/customer-upload-document', {
      token: String(created.uploadToken),
      json: { customerId: created.id, documentType: 'document', fileBase64: PNG, fileName: 'rg.png' },
    });
    const stored = storedDocuments().filter((name) => !before.has(name));
    expect(stored).toHaveLength(1);
    const verify = linkIn(await waitForMail(email, /.+/), `${stack().siteUrl}/verificar-email`);
    await api(`/customer/verify/${new URL(verify).searchParams.get('token')}`);

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page, { email, password: PASSWORD });
    await page.goto('/settings/perfil');
    const card = page.getByRole('region', { name: 'Excluir minha conta' });
    await card.getByRole('button', { name: 'Excluir minha conta' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir minha conta' });
    await dialog.getByText('Guardamos apenas o que a lei exige').waitFor();
    await dialog.getByRole('button', { name: 'Enviar código por e-mail' }).click();
    const mail = await waitForMail(email, /excluir sua conta/);
    const code = /(\d{6})/.exec(mail.subject)?.[1] ?? '';
    await dialog.getByLabel('Código recebido por e-mail').fill(code);
    await dialog.getByRole('button', { name: 'Excluir definitivamente' }).click();

    // Logged out on the home page; the session no longer works; the login fails.
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('plateia:token'))).toBeNull();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    const login = page.getByRole('dialog', { name: 'Acessar Conta' });
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Fazer Login com Email' }).click();
    await login.getByText('Usuário/Senha Inválida').waitFor();

    // The document is gone from the API host's disk; the receipt reached the old address.
    expect(storedDocuments()).not.toContain(stored[0]);
    await waitForMail(email, /foi excluída/);
    await context.close();
  });
});
