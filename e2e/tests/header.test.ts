import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { logInFromHeader } from '../support/shopping.ts';

const PRODUCER = { email: 'produtor@plateia.dev', password: 'plateia123' } as const;

// The header is server-rendered in every state and driven by a small script
// (site/src/components/SiteHeader.astro, site/src/lib/site-header.ts), without React.
describe('the site header', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('works for a visitor before any React loads: Login opens the dialog, Cadastrar says it is redirecting', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Login' }).waitFor();
    // Nothing the header needed pulled in React's renderer.
    const bodies = await Promise.all(scripts.map(async (url) => (await fetch(url)).text()));
    expect(bodies.some((body) => body.includes('react.dev/errors'))).toBe(false);

    await banner.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The page stays put (the test keeps the link from navigating) so the label can be read.
    await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));
    await banner.getByRole('link', { name: 'Cadastrar' }).click();
    const redirecting = banner.getByRole('link', { name: 'Redirecionando...' });
    await redirecting.waitFor();
    expect(await redirecting.getAttribute('aria-disabled')).toBe('true');
    await context.close();
  });

  it("shows a producer's entries, and its menu follows the keyboard", async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    await logInFromHeader(page, PRODUCER);
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Área do Produtor' }).waitFor();
    await banner.getByRole('link', { name: 'Meus Ingressos' }).waitFor();

    const trigger = banner.getByRole('button', { name: 'Menu da conta' });
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('menu', { name: 'Minha conta' });
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await expect.poll(focused).toBe('Minha Conta');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Minha Carteira');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Sair');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Minha Conta');
    await menu.getByRole('menuitem', { name: 'Check-in na portaria' }).waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // A click outside closes it too.
    await trigger.click();
    await menu.waitFor();
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await menu.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps only the help button while a checkout is running, following the checkout widget', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Login' }).waitFor();
    await page.evaluate(() => {
      localStorage.setItem('plateia:checkoutStartedAt', String(Date.now()));
      document.dispatchEvent(new CustomEvent('plateia-checkout-start', { bubbles: true, composed: true }));
    });
    await banner.getByRole('link', { name: 'Precisa de Ajuda?' }).waitFor();
    await banner.getByRole('button', { name: 'Login' }).waitFor({ state: 'hidden' });
    expect(await banner.getByRole('link', { name: 'Plateia: página inicial' }).isVisible()).toBe(false);

    await page.evaluate(() => {
      localStorage.removeItem('plateia:checkoutStartedAt');
      document.dispatchEvent(new CustomEvent('plateia-checkout-complete', { bubbles: true, composed: true }));
    });
    await banner.getByRole('button', { name: 'Login' }).waitFor();
    await context.close();
  });
});
