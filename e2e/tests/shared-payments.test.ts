import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { launchBrowser, newContext, waitForMail } from '../support/browser.ts';
import { logInFromHeader, recordCheckoutStarts, shadowText, THEATRE } from '../support/shopping.ts';

// The leader is the demo customer; both friends are their accepted friends in the demo data.
const JOAO = { email: 'joao.pereira@plateia.dev', password: 'plateia123' } as const;
const MARIANA = { email: 'mariana.costa@plateia.dev', password: 'plateia123' } as const;
// A row of "Plateia A" no other test takes seats in.
const ROW = 'M';

/** Uncaught errors of `page` (a hydration mismatch among them), collected as they happen. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Adds seat `ROW{number}` of "Plateia A" through the seat picker's list mode. */
async function addSeat(picker: Locator, number: number): Promise<void> {
  const section = picker.getByRole('combobox', { name: 'Setor' });
  if ((await section.inputValue()) === '') {
    const value = await section.locator('option', { hasText: /^Plateia A/ }).getAttribute('value');
    await section.selectOption(value ?? '');
  }
  await picker.getByRole('combobox', { name: 'Fileira' }).selectOption({ label: `Fileira ${ROW}` });
  await picker.getByRole('combobox', { name: 'Assento' }).selectOption({ label: `Assento ${ROW}${number}` });
  await picker.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await picker.getByRole('button', { name: `Remover Assento ${ROW}${number}, Plateia A` }).waitFor();
}

/** Pays the share shown on `page` with "Simular pagamento" in the sandbox PSP (a new tab). */
async function paySharePage(page: Page): Promise<void> {
  await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
  const brcode = await page.getByRole('textbox', { name: 'PIX copia e cola' }).inputValue();
  expect(brcode).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  const [psp] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Simular pagamento' }).click(),
  ]);
  await psp.getByRole('heading', { name: /PSP sandbox/ }).waitFor();
  await psp.getByRole('button', { name: 'Simular pagamento' }).click();
  await psp.getByText('Pagamento simulado com sucesso.').waitFor();
  await psp.close();
  // The share's page notices the payment by itself, and says where the ticket goes.
  await page
    .getByText(/^Pagamento recebido!/)
    .first()
    .waitFor({ timeout: 20_000 });
}

/** The share link of the invitation e-mail sent to `email`, as a path on the storefront. */
async function invitationPath(email: string): Promise<string> {
  // Invitations go out with the every-minute sweep once the leader's share is paid.
  const mail = await waitForMail(email, /dividiu com você os ingressos de O Auto da Compadecida/, 90_000);
  const link = mail.text.match(
    /https?:\/\/\S+?(\/pagamento-compartilhado\/cota\/\d+\?t=[A-Za-z0-9_-]+)/,
  )?.[1];
  if (!link) throw new Error(`no shared-payment link in the e-mail to ${email}: ${mail.text}`);
  return link;
}

/**
 * A friend opens the e-mailed link and pays: logged in when `loggedIn`, else with the link's
 * token alone (no account needed to pay).
 */
async function friendPays(
  browser: Browser,
  friend: { email: string; password: string },
  path: string,
  loggedIn: boolean,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  if (loggedIn) {
    await page.goto('/');
    await logInFromHeader(page, friend);
  }
  await page.goto(path);
  await page.getByRole('heading', { name: THEATRE.name }).waitFor();
  await page.getByText('R$ 198,00').first().waitFor();
  await paySharePage(page);
  return { context, page, errors };
}

/** Waits until `page`'s Meus Ingressos shows a ticket of the theatre from `orderNumber`. */
async function seesTicket(page: Page, orderNumber: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/mytickets');
        await page.getByRole('heading', { level: 1, name: 'Meus Ingressos' }).waitFor();
        // A ticket sent to an account may wait for its acceptance there.
        const accept = page.getByRole('button', { name: /^Aceitar/ });
        if (await accept.count()) await accept.first().click();
        const ticket = page
          .getByRole('article', { name: THEATRE.name })
          .locator('li[data-ticket-id]')
          .filter({ hasText: orderNumber });
        return ticket.count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBeGreaterThan(0);
}

describe('shared payments in the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('splits a seated purchase with two friends, each pays by sandbox PIX from their own page, everyone gets a ticket', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await recordCheckoutStarts(page);
    await page.goto(`/eventos/${THEATRE.slug}`);
    await logInFromHeader(page);

    // Three seats of R$ 180,00: R$ 594,00 with the 10% fee.
    const picker = page.locator('plateia-seat-picker');
    // The seat map loads when it comes near the viewport.
    await picker.scrollIntoViewIfNeeded();
    await picker.getByRole('img', { name: /^Mapa de assentos com/ }).waitFor();
    await picker.getByRole('button', { name: 'Ver lista de assentos' }).click();
    for (const number of [1, 2, 3]) await addSeat(picker, number);
    const bar = page.locator('plateia-cart-bar');
    await expect.poll(() => shadowText(bar)).toMatch(/3 ite/);
    await bar.getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.waitForURL(`**/checkout/${THEATRE.id}`);
    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await checkout.getByRole('heading', { name: 'Pagamento' }).waitFor();

    // "Dividir com amigos": three even shares; João from the friends list, Mariana typed.
    await checkout.getByRole('radio', { name: 'Dividir com amigos' }).check();
    await checkout.getByRole('combobox', { name: 'Em quantas partes dividir' }).selectOption('3');
    for (const part of [1, 2, 3])
      expect(await checkout.getByLabel(`Valor da parte ${part} (R$)`).inputValue()).toBe('198,00');
    await checkout
      .getByRole('combobox', { name: 'Escolher entre seus amigos (parte 2)' })
      .selectOption(JOAO.email);
    expect(await checkout.getByLabel('E-mail do amigo 1').inputValue()).toBe(JOAO.email);
    // A wrong amount is refused as it is typed, then put right.
    await checkout.getByLabel('E-mail do amigo 2').fill(MARIANA.email);
    await checkout.getByLabel('Valor da parte 3 (R$)').fill('190,00');
    await checkout.getByText('As partes somam R$ 586,00, mas o total é R$ 594,00.').waitFor();
    await checkout.getByLabel('Valor da parte 3 (R$)').fill('198,00');
    await checkout.getByRole('button', { name: 'Dividir o pagamento' }).click();

    // The group page: every share waiting, live.
    await page.waitForURL(/\/pagamento-compartilhado\/\d+$/);
    const group = page.locator('.shared-shares');
    await page.getByRole('heading', { name: THEATRE.name }).waitFor();
    await expect.poll(() => group.locator('li').count()).toBe(3);
    const orderNumber = (
      await page
        .getByText(/Pedido \S+/)
        .first()
        .textContent()
    )?.match(/Pedido (\S+)/)?.[1];
    expect(orderNumber).toBeTruthy();

    await expectAccessible(page, 'group page');

    // No invitation goes before the leader's own share is paid: a resend now is refused with the API host's reason.
    await group.locator('li').nth(1).getByRole('button', { name: 'Reenviar e-mail' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Pague a sua parte primeiro/ })
      .waitFor();

    // The leader pays their own share from the group page.
    await group.locator('li').first().getByRole('link', { name: 'Pagar esta cota' }).click();
    await page.waitForURL(/\/pagamento-compartilhado\/cota\/\d+$/);
    await page.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await expectAccessible(page, 'share page');
    await paySharePage(page);
    await page.getByRole('link', { name: 'Ver o pagamento do grupo' }).click();
    await page.getByTestId('group-status').filter({ hasText: '1 de 3 partes pagas' }).waitFor();

    // Each friend pays from the link in their invitation e-mail.
    const joaoPath = await invitationPath(JOAO.email);
    const marianaPath = await invitationPath(MARIANA.email);
    const joao = await friendPays(browser, JOAO, joaoPath, true);
    await page
      .getByTestId('group-status')
      .filter({ hasText: '2 de 3 partes pagas' })
      .waitFor({ timeout: 20_000 });
    const mariana = await friendPays(browser, MARIANA, marianaPath, false);
    // Paid without a session: the ticket goes to her e-mail's account, sign-up prefilled.
    expect(
      await mariana.page.getByRole('link', { name: 'Criar conta com este e-mail' }).getAttribute('href'),
    ).toBe(`/cadastro?email=${encodeURIComponent(MARIANA.email)}`);
    // The link's token opens the group page too, where the others' e-mails are masked.
    await mariana.page.getByRole('link', { name: 'Ver o pagamento do grupo' }).click();
    await mariana.page.getByText(`Você (${MARIANA.email})`).waitFor();
    await mariana.page.getByText('j***@plateia.dev', { exact: false }).waitFor();
    expect(await mariana.page.getByText(JOAO.email).count()).toBe(0);
    await logInFromHeader(mariana.page, MARIANA);

    // The leader's page sees the group complete without a reload.
    await page
      .getByTestId('group-status')
      .filter({ hasText: /Todos pagaram!.*3 de 3 partes pagas/ })
      .waitFor({ timeout: 20_000 });

    // Everyone finds their ticket in Meus Ingressos; the leader also finds the group there.
    await seesTicket(joao.page, orderNumber ?? '');
    await seesTicket(mariana.page, orderNumber ?? '');
    await seesTicket(page, orderNumber ?? '');
    const list = page.getByRole('region', { name: 'Pagamentos compartilhados' });
    await list.getByRole('link', { name: THEATRE.name }).first().waitFor();

    expect([...errors, ...joao.errors, ...mariana.errors]).toEqual([]);
    await joao.context.close();
    await mariana.context.close();
    await context.close();
  }, 240_000);
});
