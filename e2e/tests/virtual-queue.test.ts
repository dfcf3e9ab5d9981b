import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack } from '../support/browser.ts';
import { logInFromHeader, payWithSandboxPix, shadowText } from '../support/shopping.ts';

// A CPF is on one account at a time: these are no other test's (embed-hostile-login gives
// the demo customer 529.982.247-25).
const BUYERS = [
  { email: 'mariana.costa@plateia.dev', password: 'plateia123', cpf: '12345678909' },
  { email: 'rafael.oliveira@plateia.dev', password: 'plateia123', cpf: '11144477735' },
] as const;

/** Sets the logged-in account's CPF through the profile call, with the page's own session. */
async function setCpf(page: Page, cpf: string): Promise<void> {
  const status = await page.evaluate(
    async ({ apiUrl, cpf }) => {
      const token = localStorage.getItem('plateia:token');
      const user = JSON.parse(localStorage.getItem('plateia:user') ?? '{}') as { id: number };
      const res = await fetch(`${apiUrl}/customer/edit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ id: Number(user.id), cpfnpj: cpf }),
      });
      return res.status;
    },
    { apiUrl: stack().apiUrl, cpf },
  );
  expect(status).toBe(200);
}

function lot(page: Page, name: string): Locator {
  return page
    .locator('li[data-ticket-type-id]')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

describe('the virtual queue of a high-demand event', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shuffles the pre-queue at the sale start, admits a buyer who buys, and the verification page recomputes the place', async () => {
    // A high-demand event whose sale starts in 25 s (development-only call of the API host).
    const created = await fetch(`${stack().apiUrl}/dev/queue/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ saleInSeconds: 25, capacity: 5 }),
    });
    expect(created.status).toBe(200);
    const { eventId } = (await created.json()) as { eventId: number };

    // Two buyers with a CPF join the waiting room before the sale: the pre-queue.
    const pages: Page[] = [];
    for (const buyer of BUYERS) {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto('/');
      await logInFromHeader(page, buyer);
      await setCpf(page, buyer.cpf);
      await page.goto(`/fila/${eventId}`);
      await page.getByRole('heading', { level: 1, name: 'Sala de espera' }).waitFor();
      await page.getByRole('button', { name: 'Entrar na fila' }).click();
      await page.getByText(/Você está na pré-fila/).waitFor();
      pages.push(page);
    }
    const [page] = pages as [Page, Page];
    const code = (await page.getByTestId('queue-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    // A refresh keeps the place (it lives on the API host).
    await page.reload();
    await page.getByText(/Você está na pré-fila/).waitFor();

    // The sale starts: the pre-queue is shuffled, capacity lets both in, the pass is pushed.
    await page.getByText('É a sua vez! Você tem 10 minutos para comprar.').waitFor({ timeout: 90_000 });
    const place = Number(await page.getByTestId('queue-place').textContent());
    expect([1, 2]).toContain(place);
    const pass = await page.evaluate(() => JSON.parse(localStorage.getItem('plateia:queuePass') ?? 'null'));
    expect(pass).toMatchObject({ eventId });

    // Buying: the widgets carry the pass on the reservation and the payment.
    await page.getByRole('link', { name: 'Comprar ingressos' }).click();
    await page.waitForURL(/\/eventos\//);
    await lot(page, 'Pista 1º lote').getByRole('button', { name: 'Comprar' }).click();
    const bar = page.locator('plateia-cart-bar');
    const finish = bar.getByRole('button', { name: 'Finalizar Compra' });
    await finish.waitFor();
    await expect.poll(() => shadowText(bar)).toMatch(/1 item[\s\S]*R\$\s150,00/);
    await finish.click();
    await page.waitForURL(`**/checkout/${eventId}`);
    const checkout = page.locator('plateia-checkout');
    await checkout.getByRole('button', { name: 'Finalizar Compra' }).click();
    await checkout.getByRole('region', { name: 'Pagamento' }).waitFor();
    await payWithSandboxPix(page.context(), checkout);

    // Anyone recomputes the shuffle and this buyer's place from the published data.
    const verifier = await (await newContext(browser)).newPage();
    await verifier.goto(`/fila/${eventId}/verificar?codigo=${encodeURIComponent(code)}`);
    await verifier.getByTestId('queue-seed').waitFor();
    await verifier.getByRole('button', { name: 'Verificar sorteio' }).click();
    await verifier.getByText('A semente confere com o compromisso publicado.').waitFor();
    await verifier.getByText('A ordem publicada é a ordem recalculada.').waitFor();
    expect(Number(await verifier.getByTestId('queue-recomputed-place').textContent())).toBe(place);
    for (const open of [...pages, verifier]) await open.context().close();
  });
});
