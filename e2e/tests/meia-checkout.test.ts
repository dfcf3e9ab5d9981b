import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { FESTIVAL, logInFromHeader, payWithSandboxPix, shadowText } from '../support/shopping.ts';

/**
 * The buyer: the demo producer's account, which no other end-to-end file uses to reserve on
 * the festival (one live reservation per customer and event: a second one by the same
 * account, e.g. meia-entrada.test.ts's João, would be replaced and move the counter back).
 */
const STUDENT = { email: 'produtor@plateia.dev', password: 'plateia123' } as const;

/** "Restam 312 de 800 meias-entradas" → 312. */
function available(text: string | null): number {
  const match = /Restam? (\d+) de (\d+) meias?-entradas?/.exec(text ?? '');
  if (!match) throw new Error(`unexpected counter: ${text}`);
  return Number(match[1]);
}

/** A lot row of the event page by its visible name ("Pista 1º lote"). */
function lot(page: Page, name: string): Locator {
  return page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

describe('buying a meia-entrada through the buy button and the checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('picks a meia, sees the documents, names the beneficiary, pays by PIX and the counter shows one fewer', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    await logInFromHeader(page, STUDENT);

    const row = lot(page, 'Pista 1º lote');
    await row.scrollIntoViewIfNeeded();
    const button = row.locator('plateia-buy-button');
    // The page's own live counter and documents, shown once for every lot: the buttons' copies
    // of them are hidden here (the button shows them on a producer's page).
    const counter = page.locator('[data-meia-counter]');
    const before = available(await counter.textContent());
    expect(before).toBeGreaterThan(0);
    await expect.poll(() => shadowText(button)).toMatch(/1º lote/);
    await button.getByRole('checkbox', { name: 'Meia-entrada' }).waitFor();
    expect(await button.locator('[part="meia-counter"]').isVisible()).toBe(false);
    expect(await button.locator('[part="meia-documents"]').isVisible()).toBe(false);

    // The documents are shown before adding a meia (Lei 13.179/2015).
    await page.getByText('Quem tem direito e documentos aceitos').click();
    await page
      .locator('[data-meia-category="estudante"]')
      .getByText(/Carteira de Identificação Estudantil \(CIE\)/)
      .waitFor();
    await button.getByRole('checkbox', { name: 'Meia-entrada' }).check();
    // Half of R$ 120,00 beside the choice (this page hides the button's price: its column shows the lot's).
    await expect
      .poll(() => button.locator('[part="meia-choice"]').textContent())
      .toMatch(/Meia-entrada\s+R\$\s60,00/);
    await button.getByRole('button', { name: 'Comprar meia-entrada' }).click();
    await button.getByText('Pista (meia-entrada) adicionado ao carrinho').waitFor();

    const bar = page.locator('plateia-cart-bar');
    const finish = bar.getByRole('button', { name: 'Finalizar Compra' });
    await finish.waitFor();
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s60,00[\s\S]*\+taxa/);
    await finish.click();
    await page.waitForURL(`**/checkout/${FESTIVAL.id}`);

    const checkout = page.locator('plateia-checkout');
    await checkout.getByText('Meia-entrada', { exact: false }).first().waitFor();
    const category = checkout.getByRole('combobox', { name: 'Categoria da meia-entrada 1' });
    await expect.poll(() => category.inputValue()).toBe('estudante');
    await checkout.getByText(/Carteira de Identificação Estudantil \(CIE\)/).waitFor();
    // Without the beneficiary nothing is reserved.
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await checkout
      .getByText('Informe o nome e o número do documento do beneficiário da meia-entrada.')
      .waitFor();
    await checkout.getByRole('textbox', { name: 'Nome do beneficiário 1' }).fill('Paula Estudante');
    await checkout
      .getByRole('textbox', { name: 'Número do documento do beneficiário 1' })
      .fill(`CIE-${Date.now()}`);
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();

    const payment = checkout.getByRole('region', { name: 'Pagamento' });
    await payment.getByRole('heading', { name: 'Pagamento' }).waitFor();
    // The meia is charged at half price (the fee applies to it like to any ticket).
    expect(await payment.textContent()).toMatch(/Subtotal\s*R\$\s60,00/);
    await payWithSandboxPix(context, checkout);

    // Back on the event page: the counter has one meia fewer.
    await page.goto(`/eventos/${FESTIVAL.slug}`);
    await expect
      .poll(async () => available(await page.locator('[data-meia-counter]').textContent()), {
        timeout: 25_000,
      })
      .toBe(before - 1);

    await context.close();
  });
});
