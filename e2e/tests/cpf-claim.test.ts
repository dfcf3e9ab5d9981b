/**
 * One CPF, one account, in Chromium (docs/accounts.md): the profile refuses a CPF another
 * account holds with the pt-BR answer, and "Este CPF é meu" sends the claim with a document.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validCpf } from '../support/accounts.ts';
import { launchBrowser, linkIn, newContext, stack, uniqueEmail, waitForMail } from '../support/browser.ts';
import { logInFromHeader } from '../support/shopping.ts';

const PASSWORD = 'senha-forte-123';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function post(path: string, json: unknown, token?: string) {
  const response = await fetch(`${stack().apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(json),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** A confirmed account made through the API host, optionally with a CPF. */
async function account(prefix: string, cpfnpj = ''): Promise<string> {
  const email = uniqueEmail(prefix);
  await post('/customer/add', {
    user: email,
    namef: 'Iara',
    namel: 'Lima',
    pw: PASSWORD,
    cpfnpj,
    status: 1,
    uidcad: 1,
  });
  const link = linkIn(await waitForMail(email, /.+/), `${stack().siteUrl}/verificar-email`);
  await post(`/customer/verify/${new URL(link).searchParams.get('token')}`, {});
  return email;
}

describe('this CPF is mine, in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('refuses a CPF another account holds and sends the claim with a document', async () => {
    const cpf = validCpf();
    await account('cpf-intruso', cpf);
    const owner = await account('cpf-dona');
    const file = join(tmpdir(), `plateia-rg-${process.pid}.png`);
    writeFileSync(file, Buffer.from(PNG, 'base64'));

    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page, { email: owner, password: PASSWORD });
    await page.goto('/settings/perfil');
    await page.getByLabel('CPF ou CNPJ').fill(cpf);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Este CPF já está cadastrado em outra conta.', { exact: false }).first().waitFor();

    const card = page.getByRole('region', { name: 'Este CPF é meu' });
    await card.locator('summary').click();
    await card.getByLabel('CPF', { exact: true }).fill(cpf);
    await card.getByLabel(/Documento com foto/).setInputFiles(file);
    await card.getByRole('button', { name: 'Pedir análise' }).click();
    await card.getByText('Em análise pela nossa equipe').waitFor();
    await context.close();
  });
});
