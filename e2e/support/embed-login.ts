import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_CUSTOMER, submitLoginDialog } from './shopping.ts';

/**
 * Logs in on a producer's page the only way it allows (docs/security.md "Contas em páginas
 * de produtores"): the page's "Acessar Conta" dialog, already open, offers "Entrar com a
 * Plateia", which opens the storefront's popup; there the storefront's own login dialog
 * takes the password, then "Permitir" sends the page its scoped token and the popup closes.
 * `beforeAllow` runs in the popup, signed in, before "Permitir" (to read what it holds).
 */
export async function logInThroughPopup(
  context: BrowserContext,
  page: Page,
  account: { email: string; password: string } = DEMO_CUSTOMER,
  beforeAllow?: (popup: Page) => Promise<void>,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: 'Entrar com a Plateia' }).click(),
  ]);
  await popup.getByRole('heading', { name: 'Conectar sua conta' }).waitFor();
  await popup.getByRole('dialog', { name: 'Acessar Conta' }).waitFor();
  await submitLoginDialog(popup, account);
  const allow = popup.getByRole('button', { name: 'Permitir', exact: true });
  await allow.waitFor();
  await beforeAllow?.(popup);
  await Promise.all([popup.waitForEvent('close'), allow.click()]);
  await dialog.waitFor({ state: 'hidden' });
}
