/**
 * The storefront's Content-Security-Policy in Chromium (docs/security.md): every page sends
 * it, pages still hydrate their islands and load the widgets with no violation reported,
 * and a script injected into the page does not run.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.ts';
import { FESTIVAL, logInFromHeader, THEATRE } from '../support/shopping.ts';

interface Violation {
  page: string;
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<{ violations: Violation[]; console: string[] }> {
  const seen = { violations: [] as Violation[], console: [] as string[] };
  await page.exposeFunction('__reportViolation', (violation: Violation) => seen.violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportViolation: (v: unknown) => void }).__reportViolation({
        page: location.pathname,
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.console.push(message.text());
  });
  return seen;
}

/** Scrolls through the page (client:visible islands) and waits until no island awaits hydration. */
async function hydrated(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0, null, {
    timeout: 15_000,
  });
}

describe('Content-Security-Policy on the storefront', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a strict policy on every page, and pages hydrate with no violation', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const seen = await watchViolations(page);
    const visited: string[] = [];
    const visit = async (path: string) => {
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy, path).toMatch(/script-src 'self' [^;]*'sha256-/);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-eval'/);
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toContain("base-uri 'self'");
      await page.waitForLoadState('networkidle');
      await hydrated(page);
      visited.push(path);
    };

    await visit('/');
    await visit(`/eventos/${FESTIVAL.slug}`);
    // The buy button (a widget from /_astro) rendered inside its shadow root.
    await page.locator('plateia-buy-button').first().waitFor();
    // The seat picker draws the theatre's map.
    await visit(`/eventos/${THEATRE.slug}`);
    await visit('/cadastro');
    await page.getByLabel('Nome', { exact: true }).fill('Teste');
    await logInFromHeader(page);
    for (const path of ['/settings/perfil', '/mytickets', '/friends', '/cashless', '/support'])
      await visit(path);
    // The profile island rendered the logged-in customer's form (its data came from the API host).
    await visit('/settings/perfil');
    await page.getByRole('heading', { name: 'Excluir minha conta' }).waitFor();

    expect(seen.violations, JSON.stringify(seen.violations)).toEqual([]);
    expect(seen.console).toEqual([]);
    expect(visited).toHaveLength(10);
    await context.close();
  });

  it('blocks a script injected into the page', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const seen = await watchViolations(page);
    await page.goto('/');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = localStorage.getItem("plateia:token") ?? "ran";';
      document.body.append(script);
      const image = document.createElement('img');
      image.setAttribute('src', 'x:');
      image.setAttribute('onerror', 'window.__injected = "ran"');
      document.body.append(image);
    });
    await page.waitForTimeout(300);
    expect(
      await page.evaluate(() => (window as unknown as { __injected?: string }).__injected),
    ).toBeUndefined();
    expect(seen.violations.map((v) => v.directive)).toContain('script-src-elem');
    await context.close();
  });

  it('lets the card frame be framed by the storefront itself, not by another origin', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto(
      '/pagamento/cartao?origin=http://127.0.0.1:1&nonce=00000000000000000000000000000000',
    );
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/frame-ancestors /);
    expect(policy).toMatch(/script-src 'self' [^;]*'sha256-/);
    await context.close();
  });
});
