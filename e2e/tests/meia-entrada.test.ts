import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, stack } from '../support/browser.ts';
import { FESTIVAL, logInFromHeader } from '../support/shopping.ts';

/** A demo customer other than the one most flows buy with. */
const STUDENT = { email: 'joao.pereira@plateia.dev', password: 'plateia123' } as const;

/** "Restam 312 de 800 meias-entradas" → [312, 800]. */
function counterOf(text: string | null): [number, number] {
  const match = /Restam? (\d+) de (\d+) meias?-entradas?/.exec(text ?? '');
  if (!match) throw new Error(`unexpected counter: ${text}`);
  return [Number(match[1]), Number(match[2])];
}

describe('meia-entrada on the event page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the decree’s counter and the accepted documents, and the counter moves when a meia is bought in another browser', async () => {
    const watcherContext = await newContext(browser);
    const watcher = await watcherContext.newPage();
    await watcher.goto(`/eventos/${FESTIVAL.slug}`);
    const section = watcher.getByRole('region', { name: 'Meia-entrada' });
    const counter = section.locator('[data-meia-counter]');
    const [before, total] = counterOf(await counter.textContent());
    expect(total).toBeGreaterThan(0);
    await section.getByText('Quem tem direito e documentos aceitos').click();
    await section.getByText(/Carteira de Identificação Estudantil/).waitFor();

    // Another browser: a customer logs in and reserves one meia of the current Pista lot.
    const buyerContext = await newContext(browser);
    const buyer = await buyerContext.newPage();
    await buyer.goto(`/eventos/${FESTIVAL.slug}`);
    await logInFromHeader(buyer, STUDENT);
    const detail = (await (await fetch(`${stack().apiUrl}/events/${FESTIVAL.slug}`)).json()) as {
      id: number;
      ticketTypes: { id: number; name: string; current: boolean }[];
    };
    const pista = detail.ticketTypes.find((type) => type.name === 'Pista' && type.current);
    expect(pista).toBeDefined();
    const answer = await buyer.evaluate(
      async ({ apiUrl, eventId, lotId, email }) => {
        const token = localStorage.getItem('plateia:token');
        const res = await fetch(`${apiUrl}/cart/reserve`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            user: email,
            event_id: eventId,
            products: [],
            tickets: [
              {
                tk_id: lotId,
                tk_qtd: 1,
                meia: [{ category: 'estudante', name: 'João Pereira', document: `CIE-${Date.now()}` }],
              },
            ],
            sessionId: crypto.randomUUID(),
          }),
        });
        return { status: res.status, body: await res.json() };
      },
      { apiUrl: stack().apiUrl, eventId: detail.id, lotId: pista!.id, email: STUDENT.email },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.order.items[0].meia.name).toBe('João Pereira');

    // The watcher's page was not reloaded: its counter follows by itself.
    await expect
      .poll(async () => counterOf(await counter.textContent())[0], { timeout: 25_000 })
      .toBe(before - 1);
    await buyerContext.close();
    await watcherContext.close();
  });
});
