import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngFile, validCpf } from '../support/accounts.ts';
import { launchBrowser, linkIn, newContext, stack, uniqueEmail, waitForMail } from '../support/browser.ts';

const PASSWORD = 'senha-forte-123';

async function signUp(page: Page, email: string): Promise<void> {
  await page.goto('/cadastro');
  await page.getByLabel('Nome', { exact: true }).fill('Ana');
  await page.getByLabel('Sobrenome').fill('Souza');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Telefone').fill('11987654321');
  await page.getByLabel('CPF ou CNPJ').fill(validCpf());
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar senha').fill(PASSWORD);
  await page.getByLabel('Documento de identidade (RG, CNH ou passaporte)').setInputFiles(pngFile());
  await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await page.getByRole('heading', { name: 'Confirme seu e-mail' }).waitFor();
}

async function openLoginDialog(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
  await dialog.waitFor();
  return dialog;
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = await openLoginDialog(page);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Fazer Login com Email' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).waitFor();
}

describe('accounts in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, confirms by e-mail, logs in, edits the profile and signs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('ana');
    await signUp(page, email);

    // The verification e-mail arrives at the outside SMTP server, in pt-BR.
    const mail = await waitForMail(email, /.+/);
    const link = linkIn(mail, `${stack().siteUrl}/verificar-email`);

    // Logging in before confirming is refused with the spec's 409 text.
    await page.goto('/');
    const early = await openLoginDialog(page);
    await early.getByLabel('E-mail').fill(email);
    await early.getByLabel('Senha', { exact: true }).fill(PASSWORD);
    await early.getByRole('button', { name: 'Fazer Login com Email' }).click();
    await early.getByText('Valide sua conta pelo link enviado em seu email, antes de fazer login.').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(link);
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();

    await page.goto('/');
    await logIn(page, email, PASSWORD);
    await page.getByRole('status').filter({ hasText: 'Login realizado com Sucesso' }).waitFor();

    // The account menu holds the spec's entries.
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    const menu = page.getByRole('menu', { name: 'Minha conta' });
    for (const entry of ['Minha Conta', 'Minha Carteira', 'Meus Amigos', 'Meus suportes', 'Sair']) {
      await menu.getByRole('menuitem', { name: entry }).waitFor();
    }
    expect(await page.getByRole('banner').getByRole('link', { name: 'Área do Produtor' }).count()).toBe(0);
    expect(await menu.getByRole('menuitem', { name: 'Check-in na portaria' }).count()).toBe(0);
    // A slow profile refresh must not overwrite what the person types meanwhile.
    let releaseProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => {
      releaseProfile = resolve;
    });
    await page.route('**/customer/me', async (route) => {
      await profileHeld;
      await route.continue();
    });
    await menu.getByRole('menuitem', { name: 'Minha Conta' }).click();

    await page.waitForURL('**/settings/perfil');
    await page.getByLabel('Apelido').fill('Aninha');
    releaseProfile();
    await page.waitForResponse('**/customer/me');
    await page.unroute('**/customer/me');
    await page.getByLabel('Cidade').fill('Recife');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await page.getByText('Perfil atualizado com sucesso!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Apelido').inputValue(), { timeout: 15_000 }).toBe('Aninha');
    expect(await page.getByLabel('Cidade').inputValue()).toBe('Recife');

    // Sign out through the confirmation; Cancelar keeps the session.
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    const confirm = page.getByRole('dialog', { name: 'Tem certeza que deseja sair?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await confirm.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('plateia:token'))).toBeNull();
    await context.close();
  });

  it('recovers a password through the e-mailed link', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail('rec');
    await signUp(page, email);
    const verify = await waitForMail(email, /.+/);
    await page.goto(linkIn(verify, `${stack().siteUrl}/verificar-email`));
    await page.getByRole('heading', { name: 'E-mail confirmado!' }).waitFor();

    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Esqueceu sua senha?' }).click();
    const recovery = page.getByRole('dialog', { name: 'Esqueceu sua senha?' });
    await recovery.getByLabel('E-mail').fill(email);
    await recovery.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText(`Um e-mail foi enviado para você em: ${email}`).first().waitFor();

    const mail = await waitForMail(email, /senha/i);
    await page.goto(linkIn(mail, `${stack().siteUrl}/recuperar-senha`));
    const newPassword = 'outra-senha-456';
    await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirmar nova senha').fill(newPassword);
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await page.getByRole('heading', { name: 'Senha alterada!' }).waitFor();

    await page.goto('/');
    await logIn(page, email, newPassword);
    await context.close();
  });

  it('shows the invalid e-mail message and the wrong-password message', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByLabel('E-mail').fill('nao-e-um-email');
    await dialog.getByLabel('Senha', { exact: true }).fill('qualquer');
    await dialog.getByRole('button', { name: 'Fazer Login com Email' }).click();
    await dialog.getByText('Endereço de e-mail inválido').waitFor();

    await dialog.getByLabel('E-mail').fill('cliente@plateia.dev');
    await dialog.getByLabel('Senha', { exact: true }).fill('senha-errada');
    await dialog.getByRole('button', { name: 'Fazer Login com Email' }).click();
    await dialog.getByText('Usuário/Senha Inválida').waitFor();
    await context.close();
  });

  it('logs the demo producer in and shows the producer area button', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logIn(page, 'produtor@plateia.dev', 'plateia123');
    const producer = page.getByRole('banner').getByRole('link', { name: 'Área do Produtor' });
    await producer.waitFor();
    expect(await producer.getAttribute('target')).toBe('_blank');
    await context.close();
  });

  it('signs in with Google through the local OpenID provider', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await dialog.getByRole('button', { name: 'Fazer Login com Google' }).click();
    await page.waitForURL(`${stack().oidcUrl}/**`);
    const email = uniqueEmail('google');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(`${stack().siteUrl}/**`);
    await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('plateia:user') ?? 'null'));
    expect(stored.user).toBe(email);
    await context.close();
  });

  it('uses the side drawer on phones', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Cadastrar' }).waitFor();
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });
});
