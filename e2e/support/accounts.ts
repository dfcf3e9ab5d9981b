import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { linkIn, stack, waitForMail } from './browser.ts';

/** The password the accounts tests sign up with. */
export const TEST_PASSWORD = 'senha-forte-123';

/** A CPF with valid check digits, different each call (one account per CPF). */
export function validCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (new Set(digits).size === 1) digits[0] = (digits[0]! + 1) % 10;
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((acc, digit, index) => acc + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

/** A real (tiny) PNG file, for the identity document a sign-up uploads. */
export function pngFile(): string {
  const path = join(tmpdir(), `plateia-e2e-doc-${process.pid}.png`);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  writeFileSync(path, png);
  return path;
}

/** Signs up through `/cadastro` and confirms the e-mail from the outside mailbox. */
export async function newVerifiedAccount(
  page: Page,
  first: string,
  last: string,
  email: string,
  password = TEST_PASSWORD,
): Promise<void> {
  await page.goto('/cadastro');
  await page.getByLabel('Nome', { exact: true }).fill(first);
  await page.getByLabel('Sobrenome').fill(last);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('CPF ou CNPJ').fill(validCpf());
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByLabel('Confirmar senha').fill(password);
  await page.getByLabel('Documento de identidade (RG, CNH ou passaporte)').setInputFiles(pngFile());
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
  const mail = await waitForMail(email, /.+/);
  await page.goto(linkIn(mail, `${stack().siteUrl}/verificar-email`));
  await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();
}
