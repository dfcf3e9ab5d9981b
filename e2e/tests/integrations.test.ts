import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { stack } from '../support/browser.ts';
import { newProducer, type ProducerBrowser, producerBrowser, toast } from '../support/producers.ts';

describe('producer area: integrations in the browser', () => {
  let browser: ProducerBrowser;
  beforeAll(async () => {
    browser = await producerBrowser();
  });
  afterAll(() => browser?.close());
  const page = (): Promise<Page> => browser.page();

  it('an owner creates an API token that reads orders until revoked, and a webhook whose secret is shown once', async () => {
    const owner = await page();
    const { organisationUrl } = await newProducer(owner, {
      first: 'Iara',
      last: 'Campos',
      organisationName: `Produtora Integra ${Date.now().toString(36)}`,
    });
    const organisationId = Number(organisationUrl.split('/').pop());
    const section = owner.locator('section', { has: owner.getByRole('heading', { name: 'Integrações' }) });
    await section.getByText('Nenhum token criado.').waitFor();
    await section.getByText('Nenhuma entrega ainda.').waitFor();

    // A token: refused without a name (the API's text), then created and shown once.
    await section.getByRole('button', { name: 'Criar token' }).click();
    await section.getByText('Dê um nome ao token (até 80 caracteres).').waitFor();
    await section.getByLabel('Nome do token').fill('ERP da bilheteria');
    await section.getByRole('button', { name: 'Criar token' }).click();
    await toast(owner, 'Token criado. Copie agora: ele não será mostrado de novo.').waitFor();
    const token = await section.getByLabel('Seu novo token').inputValue();
    expect(token).toMatch(/^plateia_org_/);
    const listed = section.getByTestId('api-token').filter({ hasText: 'ERP da bilheteria' });
    await listed.getByText(/orders:read/).waitFor();

    // The producer's system reads the organisation's orders with it, until it is revoked.
    const orders = () =>
      fetch(`${stack().apiUrl}/organisations/${organisationId}/orders`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await orders()).status).toBe(200);
    await listed.getByRole('button', { name: 'Revogar' }).click();
    await toast(owner, 'Token revogado. Ele deixa de funcionar imediatamente.').waitFor();
    await listed.getByText('Revogado').waitFor();
    expect((await orders()).status).toBe(401);

    // A webhook: a private address is refused, a public one is saved with its secret shown once.
    const url = section.getByLabel('Endereço do webhook (https://)');
    await url.fill('https://127.0.0.1/webhook');
    await section.getByRole('button', { name: 'Adicionar webhook' }).click();
    await section
      .getByText('O endereço do webhook precisa ser público: endereços internos ou locais não são aceitos.')
      .waitFor();
    await url.fill('https://hooks.produtora.example/plateia');
    await section.getByLabel('ticket.checked_in').check();
    await section.getByRole('button', { name: 'Adicionar webhook' }).click();
    await toast(owner, 'Webhook criado. Copie o segredo agora: ele não será mostrado de novo.').waitFor();
    expect(await section.getByLabel('Segredo de assinatura').inputValue()).toMatch(/^whsec_/);
    const endpoint = section.getByTestId('webhook-endpoint').filter({ hasText: 'hooks.produtora.example' });
    await endpoint.getByText(/order\.paid, ticket\.checked_in · ativo/).waitFor();
    await endpoint.getByRole('button', { name: 'Desativar' }).click();
    await endpoint.getByText(/desativado/).waitFor();
    await expectAccessible(owner, 'organisation page integrations (owner)');

    // After a reload the secrets are gone for good.
    await owner.reload();
    await section.getByTestId('webhook-endpoint').first().waitFor();
    expect(await section.getByLabel('Segredo de assinatura').count()).toBe(0);
    expect(await owner.content()).not.toContain(token);
  }, 120_000);
});
