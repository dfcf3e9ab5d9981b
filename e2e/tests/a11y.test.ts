import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { launchBrowser, newContext } from '../support/browser.ts';
import { chooseSeatByKeyboard, FESTIVAL, logInFromHeader, THEATRE } from '../support/shopping.ts';

// A row of "Plateia A" no other test file takes (this file only chooses, never holds).
const ROW_STEPS = 7;

async function expectNoSeriousViolations(page: Page, view: string): Promise<void> {
  const violations = await seriousViolations(page);
  if (violations.length > 0) console.error(`axe-core on ${view}:\n${describeViolations(violations)}`);
  expect(violations, `${view}:\n${describeViolations(violations)}`).toEqual([]);
}

describe('accessibility (axe-core, serious and critical)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('home and the login dialog', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Próximos eventos' }).waitFor();
    await page.getByRole('link', { name: FESTIVAL.name }).waitFor();
    await expectNoSeriousViolations(page, 'home');
    await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
    await page.getByRole('dialog', { name: 'Acessar Conta' }).getByLabel('E-mail').waitFor();
    await expectNoSeriousViolations(page, 'home with the login dialog');
    await context.close();
  });

  it('event page with the cart bar', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    await page.getByRole('heading', { level: 1, name: FESTIVAL.name }).waitFor();
    await expectNoSeriousViolations(page, 'event page');
    // The event page loads its buy buttons and seat map as the visitor scrolls to them.
    await page.locator('plateia-buy-button').first().scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Comprar' }).first().click();
    await page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' }).waitFor();
    await expectNoSeriousViolations(page, 'event page with the cart bar');
    await context.close();
  });

  it('checkout summary and payment, logged in with a cart item', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    await logInFromHeader(page);
    await page.getByRole('button', { name: 'Comprar' }).first().click();
    await page.locator('plateia-cart-bar').getByRole('button', { name: 'Finalizar Compra' }).click();
    await page.waitForURL(`**/checkout/${FESTIVAL.id}`);
    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('heading', { name: 'Resumo do pedido' }).waitFor();
    await checkout.getByRole('textbox', { name: /E-mail de quem recebe o ingresso 1/ }).waitFor();
    await expectNoSeriousViolations(page, 'checkout summary');

    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await checkout.getByRole('button', { name: 'Gerar código PIX' }).click();
    await checkout.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    await expectNoSeriousViolations(page, 'checkout PIX payment');
    await checkout.getByRole('radio', { name: 'Cartão de crédito' }).check();
    await checkout.getByLabel('Número do cartão').waitFor();
    await expectNoSeriousViolations(page, 'checkout card payment');
    await checkout.getByRole('button', { name: 'Cancelar compra' }).click();
    await checkout.getByText('Compra cancelada. Seus ingressos continuam no carrinho.').waitFor();
    await context.close();
  });

  it('seat picker: map and list mode', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${THEATRE.slug}`);
    const picker = page.locator('plateia-seat-picker');
    await picker.scrollIntoViewIfNeeded();
    await picker.getByRole('img', { name: /^Mapa de assentos com/ }).waitFor();
    await expectNoSeriousViolations(page, 'seat picker map');
    await chooseSeatByKeyboard(page, picker, ROW_STEPS);
    await picker.getByRole('combobox', { name: /^Tipo de ingresso/ }).waitFor();
    await expectNoSeriousViolations(page, 'seat picker list mode');
    await context.close();
  });
});
