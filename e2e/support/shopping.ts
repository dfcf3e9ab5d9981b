import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { stack } from './browser.ts';

/** The demo customer the API host seeds in development mode. */
export const DEMO_CUSTOMER = { email: 'cliente@plateia.dev', password: 'plateia123' } as const;

/** Demo events by slug (see the API host's demo seed). */
export const FESTIVAL = {
  id: 1,
  slug: 'festival-sons-do-cerrado',
  name: 'Festival Sons do Cerrado',
} as const;
export const THEATRE = { id: 2, slug: 'auto-da-compadecida', name: 'O Auto da Compadecida' } as const;
export const SOLD_OUT_WITH_RESALE = {
  id: 3,
  slug: 'rock-nacional-ao-vivo',
  name: 'Rock Nacional ao Vivo',
} as const;

/** The sandbox card the gateway approves (holder APRO). */
export const APPROVED_CARD = {
  number: '5031433215406351',
  holder: 'APRO',
  expiry: '12/30',
  cvv: '123',
} as const;

/** Fills and submits the "Acessar Conta" dialog that is already open, waiting for it to close. */
export async function submitLoginDialog(
  page: Page,
  account: { email: string; password: string } = DEMO_CUSTOMER,
): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Acessar Conta' });
  await dialog.getByLabel('E-mail').fill(account.email);
  await dialog.getByLabel('Senha', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Fazer Login com Email' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Logs in through the storefront header's "Login" button. */
export async function logInFromHeader(
  page: Page,
  account: { email: string; password: string } = DEMO_CUSTOMER,
): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  await submitLoginDialog(page, account);
  await page.getByRole('banner').getByRole('button', { name: 'Menu da conta' }).waitFor();
}

/**
 * Chooses a seat in the seat picker's list mode with the keyboard alone: Enter on "Ver
 * lista de assentos", then Tab and arrow keys through "Setor", "Fileira" and "Assento"
 * (the arrow keys skip seats that cannot be taken). `rowSteps` arrow presses pick the row.
 * Returns the chosen seat's label ("Assento C1"). Stops before "Adicionar ao carrinho".
 */
export async function chooseSeatByKeyboard(page: Page, picker: Locator, rowSteps: number): Promise<string> {
  await picker.getByRole('img', { name: /^Mapa de assentos com/ }).waitFor();
  await picker.getByRole('button', { name: 'Ver lista de assentos' }).focus();
  await page.keyboard.press('Enter');
  const section = picker.getByRole('combobox', { name: 'Setor' });
  await section.waitFor();
  await page.keyboard.press('Tab');
  await expect.poll(() => section.evaluate((el) => el.matches(':focus'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  const row = picker.getByRole('combobox', { name: 'Fileira' });
  await row.waitFor();
  await page.keyboard.press('Tab');
  await expect.poll(() => row.evaluate((el) => el.matches(':focus'))).toBe(true);
  for (let step = 0; step < rowSteps; step += 1) await page.keyboard.press('ArrowDown');
  const seat = picker.getByRole('combobox', { name: 'Assento' });
  await seat.waitFor();
  await page.keyboard.press('Tab');
  await expect.poll(() => seat.evaluate((el) => el.matches(':focus'))).toBe(true);
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => seat.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? ''))
    .toMatch(/^Assento [A-Z]+\d+$/);
  return seat.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

/** Tabs from the seat select through the ticket type to "Adicionar ao carrinho" and presses Enter. */
export async function addChosenSeatByKeyboard(page: Page, picker: Locator): Promise<void> {
  const add = picker.getByRole('button', { name: 'Adicionar ao carrinho' });
  await page.keyboard.press('Tab'); // ticket type ("Tipo de ingresso (Setor)"): keeps the first lot
  await page.keyboard.press('Tab');
  await expect.poll(() => add.evaluate((el) => el.matches(':focus'))).toBe(true);
  await page.keyboard.press('Enter');
}

/** A seat's id in the API host's map of `eventId`, by section name, row label and number. */
export async function seatIdOf(
  eventId: number,
  sectionName: string,
  rowLabel: string,
  number: string,
): Promise<number> {
  const response = await fetch(`${stack().apiUrl}/seat/maps/${eventId}`);
  const map = (await response.json()) as {
    sections: { name: string; rows?: { label: string; ids: number[]; n: string[] }[] }[];
  };
  const row = map.sections.find((s) => s.name === sectionName)?.rows?.find((r) => r.label === rowLabel);
  const index = row?.n.indexOf(number) ?? -1;
  const id = row?.ids[index];
  if (id === undefined) throw new Error(`no seat ${sectionName} ${rowLabel}${number} in event ${eventId}`);
  return id;
}

/**
 * Pays the reservation shown by `checkout` with PIX in the sandbox: "Gerar código PIX", the
 * QR and copia-e-cola, then "Simular pagamento" in the PSP's page (a new tab), and waits
 * for the checkout to notice the payment by itself.
 */
export async function payWithSandboxPix(context: BrowserContext, checkout: Locator): Promise<void> {
  await checkout.getByRole('radio', { name: 'PIX' }).check();
  await checkout.getByRole('button', { name: 'Gerar código PIX' }).click();
  await checkout.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
  const brcode = await checkout.getByRole('textbox', { name: 'PIX copia e cola' }).inputValue();
  expect(brcode).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
  await checkout.getByRole('button', { name: 'Copiar código' }).waitFor();
  const simulate = checkout.getByRole('link', { name: 'Simular pagamento' });
  const [psp] = await Promise.all([context.waitForEvent('page'), simulate.click()]);
  await psp.getByRole('heading', { name: /PSP sandbox/ }).waitFor();
  await psp.getByRole('button', { name: 'Simular pagamento' }).click();
  await psp.getByText('Pagamento simulado com sucesso.').waitFor();
  await psp.close();
  await checkout.getByRole('heading', { name: 'Compra confirmada!' }).waitFor({ timeout: 20_000 });
}

/** Pays the reservation shown by `checkout` with the sandbox's approved card in 3 installments. */
export async function payWithApprovedCard(checkout: Locator): Promise<{ installments: string }> {
  await checkout.getByRole('radio', { name: 'Cartão de crédito' }).check();
  await checkout.getByLabel('Número do cartão').fill(APPROVED_CARD.number);
  await checkout.getByLabel('Nome impresso no cartão').fill(APPROVED_CARD.holder);
  await checkout.getByLabel('Validade (MM/AA)').fill(APPROVED_CARD.expiry);
  await checkout.getByLabel('CVV').fill(APPROVED_CARD.cvv);
  const installments = checkout.getByRole('combobox', { name: 'Parcelas' });
  const threeTimes = await installments.locator('option', { hasText: /^3x de R\$ / }).textContent();
  if (!threeTimes) throw new Error('no "3x de R$ …" installment option');
  await installments.selectOption({ label: threeTimes });
  await checkout.getByRole('button', { name: /^Pagar R\$ / }).click();
  await checkout.getByRole('heading', { name: 'Compra confirmada!' }).waitFor({ timeout: 20_000 });
  return { installments: threeTimes };
}

/** Records `plateia-checkout-start` details in the page, for reading the reserved order. */
export async function recordCheckoutStarts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { plateiaCheckoutStarts: unknown[] };
    w.plateiaCheckoutStarts = [];
    document.addEventListener('plateia-checkout-start', (event) => {
      w.plateiaCheckoutStarts.push((event as CustomEvent).detail);
    });
  });
}

/** The last reservation the page reported through `plateia-checkout-start`. */
export async function lastCheckoutStart(
  page: Page,
): Promise<{ orderId: string; orderNumber: string; totalCents: number }> {
  return page.evaluate(() => {
    const starts = (window as unknown as { plateiaCheckoutStarts: unknown[] }).plateiaCheckoutStarts;
    return starts[starts.length - 1] as { orderId: string; orderNumber: string; totalCents: number };
  });
}

/** The text of an element's shadow root, without its styles (`innerText` on a host reads only light DOM). */
export async function shadowText(host: Locator): Promise<string> {
  return host.evaluate((el) =>
    Array.from(el.shadowRoot?.children ?? [])
      .filter((child) => !['STYLE', 'SCRIPT', 'LINK'].includes(child.tagName))
      .map((child) => child.textContent ?? '')
      .join('\n'),
  );
}

/** A ticket of `GET /tickets` as the end-to-end checks read it. */
interface OwnedTicket {
  status: string;
  event: { id: number };
  seat: { section: string; row: string; number: string } | null;
}

/** The ticket the holder of `token` owns for a seat of `eventId` (row and number, and section when given), if any. */
export async function ownedSeatTicket(
  apiUrl: string,
  token: string | null,
  seat: { eventId: number; section?: string; row: string; number: string },
): Promise<OwnedTicket | undefined> {
  const { tickets } = (await fetch(`${apiUrl}/tickets`, {
    headers: { authorization: `Bearer ${token}` },
  }).then((response) => response.json())) as { tickets: OwnedTicket[] };
  return tickets.find(
    (ticket) =>
      ticket.event.id === seat.eventId &&
      ticket.seat !== null &&
      (seat.section === undefined || ticket.seat.section === seat.section) &&
      ticket.seat.row === seat.row &&
      ticket.seat.number === seat.number,
  );
}
