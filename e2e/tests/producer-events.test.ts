import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { stack, uniqueEmail } from '../support/browser.ts';
import {
  invite,
  joinByInvitation,
  newProducer,
  type ProducerBrowser,
  producerBrowser,
  toast,
} from '../support/producers.ts';

/** A `datetime-local` value `days` from now at `hour`:00 (the form reads it on Brasília time). */
function localDateTime(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

describe('producer area: events in the browser', () => {
  let browser: ProducerBrowser;
  beforeAll(async () => {
    browser = await producerBrowser();
  });
  afterAll(() => browser?.close());
  const page = (): Promise<Page> => browser.page();

  it('an owner creates a draft with two lots and meia 50%, publishes it and finds both lots on its public page; a viewer gets no event controls', async () => {
    const viewerEmail = uniqueEmail('leitora');
    const tail = Date.now().toString(36);
    const organisationName = `Produtora Lumen ${tail}`;
    const eventName = `Noite de Choro ${tail}`;

    // The owner makes an organisation in the producer area.
    const owner = await page();
    const { organisationUrl } = await newProducer(owner, { first: 'Clara', last: 'Nunes', organisationName });
    const events = owner.locator('section', { has: owner.getByRole('heading', { name: 'Eventos' }) });
    await events.getByText('Nenhum evento ainda.').waitFor();

    // The draft: two lots, meia 50%. Ending before it starts is the API's refusal, under "Término".
    await events.getByRole('button', { name: 'Criar evento' }).click();
    const form = owner.getByRole('form', { name: 'Criar evento' });
    expect(await form.getByLabel('Meia-entrada (%)').inputValue()).toBe('40');
    await form.getByLabel('Nome do evento').fill(eventName);
    await form.getByLabel('Local').fill('Teatro Lumen');
    await form.getByLabel('Cidade').fill('São Paulo');
    await form.getByLabel('Início').fill(localDateTime(30, 20));
    await form.getByLabel('Término').fill(localDateTime(30, 18));
    await form.getByLabel('Descrição').fill('Uma noite de choro com regional completo.');
    await form.getByLabel('Meia-entrada (%)').fill('50');
    await form.getByLabel('Nome do lote 1').fill('Pista');
    await form.getByLabel('Preço do lote 1').fill('80,00');
    await form.getByLabel('Quantidade do lote 1').fill('200');
    await form.getByLabel('Limite por pedido do lote 1').fill('4');
    await form.getByRole('button', { name: 'Adicionar lote' }).click();
    await form.getByLabel('Nome do lote 2').fill('Camarote');
    await form.getByLabel('Preço do lote 2').fill('1.250,50');
    await form.getByText('R$ 1.250,50').waitFor();
    await form.getByLabel('Quantidade do lote 2').fill('20');
    // A third lot added and removed again leaves two.
    await form.getByRole('button', { name: 'Adicionar lote' }).click();
    await form.getByRole('button', { name: 'Remover lote 3' }).click();
    expect(await form.getByTestId('draft-lot').count()).toBe(2);
    await form.getByRole('button', { name: 'Criar rascunho' }).click();
    const endsAt = form.getByLabel('Término');
    await expect.poll(() => endsAt.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('O término precisa ser depois do início.').waitFor();
    await expectAccessible(owner, 'event form with an error (owner)');

    await endsAt.fill(localDateTime(30, 23));
    await form.getByRole('button', { name: 'Criar rascunho' }).click();
    await toast(owner, 'Rascunho criado. Revise e publique quando estiver pronto.').waitFor();
    const item = owner.getByTestId('organisation-event').filter({ hasText: eventName });
    await item.getByText('Rascunho', { exact: true }).waitFor();
    await item.getByText('0 ingressos vendidos').waitFor();
    expect(await item.getByRole('link', { name: 'Ver página pública' }).count()).toBe(0);
    await expectAccessible(owner, 'organisation events with a draft (owner)');

    // A draft is not in the catalogue yet.
    const catalogue = (await (await fetch(`${stack().apiUrl}/events`)).json()) as {
      events?: { name: string }[];
    };
    expect(JSON.stringify(catalogue)).not.toContain(eventName);

    // A viewer of the organisation: joins by invitation, sees the draft, and no event controls.
    await invite(owner, viewerEmail, 'Visualização');
    const viewer = await page();
    await joinByInvitation(viewer, { first: 'Davi', last: 'Lopes', email: viewerEmail });
    await viewer.goto(organisationUrl);
    const viewerItem = viewer.getByTestId('organisation-event').filter({ hasText: eventName });
    await viewerItem.getByText('Rascunho', { exact: true }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Criar evento' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Publicar' }).count()).toBe(0);
    expect(await viewerItem.getByRole('link', { name: `Editar ${eventName}` }).count()).toBe(0);
    await expectAccessible(viewer, 'organisation events (viewer)');

    // The owner publishes: the status changes and the public page opens.
    owner.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: 'Publicar' }).click();
    await toast(owner, 'Evento publicado! Ele já aparece na Plateia.').waitFor();
    await item.getByText('Publicado', { exact: true }).waitFor();
    expect(await item.getByRole('button', { name: 'Publicar' }).count()).toBe(0);
    const publicLink = item.getByRole('link', { name: 'Ver página pública' });
    expect(await publicLink.getAttribute('href')).toMatch(/^\/eventos\/[a-z0-9-]+$/);
    await publicLink.click();
    await owner.waitForURL(/\/eventos\/[a-z0-9-]+$/);
    await owner.getByRole('heading', { level: 1, name: eventName }).waitFor();
    const rows = owner.locator('.ticket-row');
    const pista = rows.filter({ has: owner.getByRole('heading', { level: 3, name: /^Pista/ }) });
    const camarote = rows.filter({ has: owner.getByRole('heading', { level: 3, name: /^Camarote/ }) });
    expect((await pista.locator('.ticket-price').textContent())?.trim()).toBe('R$ 80,00');
    expect((await camarote.locator('.ticket-price').textContent())?.trim()).toBe('R$ 1.250,50');
    await pista.getByText('até 4 por compra').waitFor();
    expect(await rows.count()).toBe(2);
    // Meia 50% of 220 tickets.
    await owner
      .locator('[data-meia-counter]')
      .filter({ hasText: /\b110\b/ })
      .waitFor();

    // The viewer now sees it published, with the link and still no "Publicar".
    await viewer.goto(organisationUrl);
    await viewerItem.getByText('Publicado', { exact: true }).waitFor();
    await viewerItem.getByRole('link', { name: 'Ver página pública' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'Publicar' }).count()).toBe(0);
  }, 240_000);
});
