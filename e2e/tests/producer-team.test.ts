import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVerifiedAccount, TEST_PASSWORD, validCpf } from '../support/accounts.ts';
import { expectAccessible } from '../support/axe.ts';
import { linkIn, stack, uniqueEmail, waitForMail } from '../support/browser.ts';
import { type ProducerBrowser, producerBrowser, toast } from '../support/producers.ts';
import { logInFromHeader } from '../support/shopping.ts';

describe('producer area: organisation and team in the browser', () => {
  let browser: ProducerBrowser;
  beforeAll(async () => {
    browser = await producerBrowser();
  });
  afterAll(() => browser?.close());
  const page = (): Promise<Page> => browser.page();

  it('an owner creates an organisation and invites an address; the invited account accepts and sees its role without team controls', async () => {
    const ownerEmail = uniqueEmail('dona');
    const guestEmail = uniqueEmail('convidada');
    const organisationName = `Produtora Aurora ${Date.now().toString(36)}`;

    // The owner: a fresh, confirmed account with no organisation yet.
    const owner = await page();
    await newVerifiedAccount(owner, 'Helena', 'Prado', ownerEmail);
    await owner.goto('/produtor');
    await logInFromHeader(owner, { email: ownerEmail, password: TEST_PASSWORD });
    await owner.getByText('Você ainda não faz parte de nenhuma organização.').waitFor();
    await expectAccessible(owner, '/produtor');

    // The API's message lands under the field it is about.
    const form = owner.locator('form', { has: owner.getByRole('heading', { name: 'Criar organização' }) });
    await form.getByLabel('Nome da organização').fill(organisationName);
    await form.getByLabel('CPF ou CNPJ').fill('111.111.111-11');
    await form.getByLabel('E-mail de contato').fill(ownerEmail);
    await form.getByLabel('Telefone com DDD').fill('11987654321');
    await form.getByRole('button', { name: 'Criar organização' }).click();
    const documentField = form.getByLabel('CPF ou CNPJ');
    await expect.poll(() => documentField.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('Informe um CPF ou CNPJ válido.').waitFor();

    await documentField.fill(validCpf());
    await form.getByRole('button', { name: 'Criar organização' }).click();
    await toast(owner, `Organização "${organisationName}" criada.`).waitFor();
    const item = owner.locator('.producer-item', { hasText: organisationName });
    await item.getByText('Proprietário').waitFor();
    await item.getByRole('link', { name: 'Check-in na portaria' }).waitFor();

    // The organisation's page: data editable, the team, invitations.
    await item.getByRole('link', { name: new RegExp(organisationName) }).click();
    await owner.waitForURL(/\/produtor\/organizacoes\/\d+$/);
    const organisationUrl = owner.url();
    await owner.getByRole('heading', { level: 1, name: organisationName }).waitFor();
    await owner.getByRole('button', { name: 'Salvar alterações' }).waitFor();
    await owner.getByRole('heading', { name: 'Equipe' }).waitFor();
    await owner.getByTestId('team-member').filter({ hasText: 'Helena Prado (você)' }).waitFor();
    await owner.getByLabel('E-mail da pessoa').fill(guestEmail);
    await owner.getByLabel('Papel', { exact: true }).selectOption({ label: 'Visualização' });
    await owner.getByRole('button', { name: 'Convidar' }).click();
    await toast(owner, 'Convite enviado.').waitFor();
    const invitation = owner.getByTestId('team-invitation').filter({ hasText: guestEmail });
    await invitation.getByText(/Visualização/).waitFor();
    await invitation.getByRole('button', { name: 'Cancelar convite' }).waitFor();
    // The sites it embeds on: a path is refused with the API's text, an origin is kept.
    const sites = owner.getByLabel('Um endereço por linha, como https://www.seusite.com.br');
    await sites.fill('https://www.helenaprado.example/ingressos');
    await owner.getByRole('button', { name: 'Salvar sites' }).click();
    await owner
      .getByText('Informe cada site como https://www.seusite.com.br, sem caminho nem barra no fim.')
      .waitFor();
    await sites.fill('https://www.helenaprado.example/');
    await owner.getByRole('button', { name: 'Salvar sites' }).click();
    await toast(owner, 'Sites salvos.').waitFor();
    expect(await sites.inputValue()).toBe('https://www.helenaprado.example');
    await expectAccessible(owner, 'organisation page (owner)');

    // The invited address signs up and confirms it, then opens the e-mailed link.
    const guest = await page();
    await newVerifiedAccount(guest, 'Bruna', 'Reis', guestEmail);
    const mail = await waitForMail(guestEmail, /Convite para uma equipe/);
    const link = linkIn(mail, `${stack().siteUrl}/produtor/convite#`);

    // Someone else signed in may see what the link offers, but not take it: the API's 403 text.
    await owner.goto(link);
    await owner.getByRole('button', { name: 'Aceitar convite' }).click();
    await owner
      .getByRole('alert')
      .filter({ hasText: 'Este convite foi enviado para outro e-mail.' })
      .waitFor();

    await guest.goto(link);
    // Not logged in here yet: the page asks for it and keeps the link's token.
    await guest.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    await logInFromHeader(guest, { email: guestEmail, password: TEST_PASSWORD });
    await guest
      .getByRole('heading', { name: `${organisationName} convidou você como Visualização` })
      .waitFor();
    await expectAccessible(guest, '/produtor/convite');
    await guest.getByRole('button', { name: 'Aceitar convite' }).click();
    await guest.getByRole('heading', { name: 'Convite aceito. Bem-vindo à equipe!' }).waitFor();
    // The spent token leaves the address bar.
    expect(new URL(guest.url()).hash).toBe('');

    // The same link again: the API's 404 text.
    await guest.goto(link);
    await guest.getByText('Convite não encontrado ou expirado.').waitFor();

    // A viewer sees the organisation and its role, and no team controls.
    await guest.goto(organisationUrl);
    await guest.getByRole('heading', { level: 1, name: organisationName }).waitFor();
    expect(await guest.getByTestId('organisation-role').textContent()).toBe('Visualização');
    await guest.getByText('E-mail de contato').waitFor();
    expect(await guest.getByRole('heading', { name: 'Equipe' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Convidar' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Remover' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Salvar alterações' }).count()).toBe(0);
    expect(await guest.getByRole('link', { name: 'Check-in na portaria' }).count()).toBe(0);
    await guest.getByRole('button', { name: 'Sair da organização' }).waitFor();
    // The viewer reads the sites, without a way to change them.
    await guest.getByRole('listitem').filter({ hasText: 'https://www.helenaprado.example' }).waitFor();
    expect(await guest.getByRole('button', { name: 'Salvar sites' }).count()).toBe(0);
    await expectAccessible(guest, 'organisation page (viewer)');

    // The list in the producer area. The header's "Área do Produtor" opens it in a new tab.
    await guest.goto('/produtor');
    const guestItem = guest.locator('.producer-item', { hasText: organisationName });
    await guestItem.getByText('Visualização').waitFor();
    expect(await guestItem.getByRole('link', { name: 'Check-in na portaria' }).count()).toBe(0);
    const producerLink = guest
      .locator('header a[data-producer-only]', { hasText: 'Área do Produtor' })
      .first();
    expect(await producerLink.getAttribute('href')).toBe('/produtor');
    expect(await producerLink.getAttribute('target')).toBe('_blank');

    // The owner sees the new member and gives them the door.
    await owner.goto(organisationUrl);
    const member = owner.getByTestId('team-member').filter({ hasText: 'Bruna Reis' });
    await member.getByRole('button', { name: 'Remover' }).waitFor();
    expect(await owner.getByTestId('team-invitation').filter({ hasText: guestEmail }).count()).toBe(0);
    await member.getByLabel('Papel de Bruna Reis').selectOption({ label: 'Portaria' });
    await toast(owner, 'Papel alterado.').waitFor();

    // The role holds on the member's next call.
    await guest.goto(organisationUrl);
    await expect.poll(() => guest.getByTestId('organisation-role').textContent()).toBe('Portaria');
    await guest.getByRole('link', { name: 'Check-in na portaria' }).waitFor();
    expect(await guest.getByRole('heading', { name: 'Equipe' }).count()).toBe(0);
    // Two sign-ups with their e-mails, two pages and four accessibility checks.
  }, 180_000);
});
