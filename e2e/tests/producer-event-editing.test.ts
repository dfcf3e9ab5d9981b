import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { newProducer, type ProducerBrowser, producerBrowser, toast } from '../support/producers.ts';

/** A `datetime-local` value `days` from now at `hour`:00 (the forms read it on Brasília time). */
function localDateTime(days: number, hour: number): string {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

describe('producer area: editing an event in the browser', () => {
  let browser: ProducerBrowser;
  beforeAll(async () => {
    browser = await producerBrowser();
  });
  afterAll(() => browser?.close());
  const page = (): Promise<Page> => browser.page();

  it('an owner edits a published event (it shows as changed), sets the refund policy and high demand, adds the next lot and duplicates it', async () => {
    const tail = Date.now().toString(36);
    const eventName = `Baile do Cais ${tail}`;
    const owner = await page();
    await newProducer(owner, { first: 'Iara', last: 'Campos', organisationName: `Cais Produções ${tail}` });

    // A draft with one lot, published.
    await owner.getByRole('button', { name: 'Criar evento' }).click();
    const create = owner.getByRole('form', { name: 'Criar evento' });
    await create.getByLabel('Nome do evento').fill(eventName);
    await create.getByLabel('Local').fill('Armazém 12');
    await create.getByLabel('Cidade').fill('Recife');
    await create.getByLabel('Início').fill(localDateTime(20, 21));
    await create.getByLabel('Término').fill(localDateTime(20, 23));
    await create.getByLabel('Nome do lote 1').fill('Pista');
    await create.getByLabel('Preço do lote 1').fill('50,00');
    await create.getByLabel('Quantidade do lote 1').fill('100');
    await create.getByRole('button', { name: 'Criar rascunho' }).click();
    await toast(owner, 'Rascunho criado. Revise e publique quando estiver pronto.').waitFor();
    const item = owner.getByTestId('organisation-event').filter({ hasText: eventName });
    owner.once('dialog', (dialog) => void dialog.accept());
    await item.getByRole('button', { name: 'Publicar' }).click();
    await item.getByText('Publicado', { exact: true }).waitFor();

    // The event's page in the producer area.
    await item.getByRole('link', { name: `Editar ${eventName}` }).click();
    await owner.waitForURL(/\/produtor\/eventos\/\d+$/);
    await owner.getByRole('heading', { level: 1, name: eventName }).waitFor();
    await expectAccessible(owner, '/produtor/eventos/{id} (owner)');
    const details = owner.getByRole('form', { name: 'Dados do evento' });
    await details.getByLabel('Local').fill('Armazém 14');
    await details.getByLabel('Política de reembolso').fill('Reembolso integral até 7 dias antes do baile.');
    // High demand: the form asks for both times, then the API's order rule lands under its field.
    await details.getByLabel('Vender pela fila virtual (sala de espera)').check();
    await details.getByLabel('Abertura da sala de espera').fill(localDateTime(5, 12));
    await details.getByRole('button', { name: 'Salvar alterações' }).click();
    await details.getByText('Informe quando as vendas começam.').waitFor();
    await details.getByLabel('Início das vendas pela fila').fill(localDateTime(5, 10));
    await details.getByRole('button', { name: 'Salvar alterações' }).click();
    const sale = details.getByLabel('Início das vendas pela fila');
    await expect.poll(() => sale.getAttribute('aria-invalid')).toBe('true');
    await details.getByText('As vendas precisam começar depois que a sala de espera abre.').waitFor();
    await expectAccessible(owner, 'event details with an error (owner)');
    await sale.fill(localDateTime(5, 14));
    await details.getByRole('button', { name: 'Salvar alterações' }).click();
    await toast(
      owner,
      'Alterações salvas. A data ou o local mudou: o evento aparece como alterado para quem comprou.',
    ).waitFor();
    await owner.locator('.producer-head').getByText('Alterado', { exact: true }).waitFor();

    // A new price is the next lot of the same type.
    const lots = owner.getByRole('form', { name: 'Adicionar lote' });
    await lots.getByLabel('Tipo de ingresso').fill('Pista');
    await lots.getByLabel('Preço').fill('70,00');
    await lots.getByLabel('Quantidade').fill('50');
    await lots.getByRole('button', { name: 'Adicionar lote' }).click();
    await toast(owner, 'Lote adicionado.').waitFor();
    await owner
      .getByTestId('event-lot')
      .filter({ hasText: 'Pista · 2º lote' })
      .getByText(/R\$\s70,00/)
      .waitFor();
    expect(await owner.getByTestId('event-lot').count()).toBe(2);
    const editorUrl = owner.url();

    // Buyers read the policy on the event's page; the list shows the event as changed.
    await owner.getByRole('link', { name: '← Voltar para a organização' }).click();
    await item.getByText('Alterado', { exact: true }).waitFor();
    await item.getByRole('link', { name: 'Ver página pública' }).click();
    await owner.waitForURL(/\/eventos\/[a-z0-9-]+$/);
    await owner.getByRole('heading', { name: 'Política de reembolso' }).waitFor();
    await owner.getByText('Reembolso integral até 7 dias antes do baile.').waitFor();

    // A copy as a new draft, with the same lots and policy.
    await owner.goto(editorUrl);
    await owner.getByRole('button', { name: 'Duplicar evento' }).click();
    await owner.waitForURL(
      (url) => url.toString() !== editorUrl && /\/produtor\/eventos\/\d+$/.test(url.pathname),
    );
    await owner.getByRole('heading', { level: 1, name: `${eventName} (cópia)` }).waitFor();
    await owner.locator('.producer-head').getByText('Rascunho', { exact: true }).waitFor();
    expect(await owner.getByTestId('event-lot').count()).toBe(2);
    expect(
      await owner
        .getByRole('form', { name: 'Dados do evento' })
        .getByLabel('Política de reembolso')
        .inputValue(),
    ).toBe('Reembolso integral até 7 dias antes do baile.');
  }, 240_000);
});
