import { configureApi } from '@plateia/core/api/client';
import { ticketItem } from '@plateia/core/rules/cart';
import { $cart, $cartUpdatedAt, $productCart, addProductToCart, addToCart } from '@plateia/core/stores/cart';
import { $checkoutStartedAt } from '@plateia/core/stores/checkout';
import { setNavigator } from '@plateia/core/stores/navigation';
import { $toasts } from '@plateia/core/stores/toasts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeCartFrom } from '../../shared/cart-change.ts';
import type { PlateiaCartChangeEvent } from '../../shared/events.ts';
import { checkoutUrl, isHiddenPath } from './cart-bar.ts';
import { CART_BAR_TAG, defineCartBar, type PlateiaCartBar } from './index.ts';

let posts: { path: string; body: unknown }[];
let navigations: string[];

beforeEach(() => {
  defineCartBar();
  posts = [];
  navigations = [];
  configureApi({
    baseUrl: 'http://api.test',
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      posts.push({ path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      return Response.json({});
    },
  });
  setNavigator((url) => navigations.push(url));
  localStorage.clear();
  $cart.set([]);
  $productCart.set([]);
  $cartUpdatedAt.set(null);
  $checkoutStartedAt.set(null);
  $toasts.set([]);
  history.replaceState(null, '', '/eventos/festival');
});

afterEach(() => {
  document.body.replaceChildren();
  configureApi({});
  setNavigator(null);
  vi.useRealTimers();
});

const pista = (amount = 1) =>
  ticketItem({ id: 11, amount, eventId: 1, eventPixel: 'px-festival', tk_price: 5000, n_number: 2 });

async function place(attributes: Record<string, string> = {}): Promise<PlateiaCartBar> {
  const element = document.createElement(CART_BAR_TAG);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  // The bar subscribes once the checkout store has loaded (a dynamic import).
  await vi.waitFor(() => expect(part(element, 'total').textContent).not.toBe(''));
  return element;
}

const part = (element: PlateiaCartBar, name: string) =>
  element.shadowRoot?.querySelector(`[part="${name}"]`) as HTMLElement;

describe('<plateia-cart-bar> visibility', () => {
  it('shows only while the cart has items', async () => {
    const bar = await place();
    expect(bar.visible).toBe(false);
    addToCart(pista());
    expect(bar.visible).toBe(true);
    expect(part(bar, 'base').getAttribute('aria-label')).toBe('Carrinho');
    $cart.set([]);
    expect(bar.visible).toBe(false);
    addProductToCart({ id: 5, qtd: 0, price: 2000 });
    expect(bar.visible).toBe(true);
  });

  it('hides while a checkout is under way', async () => {
    addToCart(pista());
    const bar = await place();
    expect(bar.visible).toBe(true);
    $checkoutStartedAt.set(Date.now());
    expect(bar.visible).toBe(false);
    $checkoutStartedAt.set(null);
    expect(bar.visible).toBe(true);
  });

  it('hides on checkout pages and on the paths listed in hidden-on', async () => {
    addToCart(pista());
    history.replaceState(null, '', '/checkout/1');
    const onCheckout = await place();
    expect(onCheckout.visible).toBe(false);

    history.replaceState(null, '', '/pagamento/confirmar');
    const listed = await place({ 'hidden-on': '/conta/ /pagamento/' });
    expect(listed.visible).toBe(false);
    history.pushState(null, '', '/eventos/festival');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(listed.visible).toBe(true);
  });
});

describe('<plateia-cart-bar> expiry', () => {
  it('keeps the 15-minute cart expiry running: the bar empties and hides at the deadline', async () => {
    vi.useFakeTimers();
    addToCart(pista());
    const bar = await place();
    expect(bar.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(15 * 60_000 - 1000);
    expect(bar.visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect($cart.get()).toEqual([]);
    expect(bar.visible).toBe(false);
    expect($toasts.get().map((toast) => toast.message)).toContain(
      'O tempo para finalizar a compra acabou e seu carrinho foi esvaziado.',
    );
  });
});

describe('<plateia-cart-bar> contents', () => {
  it('counts tickets plus products and shows the total with "+taxa"', async () => {
    addToCart(pista(2));
    addProductToCart({ id: 5, qtd: 0, price: 2000 });
    const bar = await place();
    expect(part(bar, 'count').textContent).toBe('3 itens');
    expect(part(bar, 'total').textContent).toBe('R$ 120,00 +taxa');
    $productCart.set([]);
    $cart.set([pista(1)]);
    expect(part(bar, 'count').textContent).toBe('1 item');
    expect(part(bar, 'total').textContent).toBe('R$ 50,00 +taxa');
  });

  it('"Finalizar Compra" records the first item\'s pixel and goes to its checkout', async () => {
    addToCart(pista());
    addToCart(ticketItem({ id: 31, eventId: 9, eventPixel: 'px-outro', tk_price: 1000 }));
    const bar = await place();
    const button = part(bar, 'checkout-button') as HTMLButtonElement;
    expect(button.textContent).toBe('Finalizar Compra');
    button.click();
    expect(navigations).toEqual(['/checkout/1']);
    await vi.waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      path: '/pixel/add',
      body: { hash: 'px-festival', ismobile: 0, evtid: 1, tipo: 3 },
    });
  });

  it('follows checkout-url with {eventId}', async () => {
    addToCart(pista());
    const bar = await place({ 'checkout-url': 'https://loja.example/comprar?evento={eventId}' });
    (part(bar, 'checkout-button') as HTMLButtonElement).click();
    expect(navigations).toEqual(['https://loja.example/comprar?evento=1']);
  });

  it('fires plateia-cart-change for every cart change, whoever made it', async () => {
    const bar = await place();
    const heard: PlateiaCartChangeEvent[] = [];
    document.addEventListener('plateia-cart-change', (event) => heard.push(event));
    addToCart(pista());
    addProductToCart({ id: 5, qtd: 0, price: 2000 });
    expect(heard.map((event) => event.detail)).toEqual([
      { count: 1, totalCents: 5000 },
      { count: 2, totalCents: 7000 },
    ]);
    expect(heard[0]?.target).toBe(bar);
    expect(heard[0]?.bubbles && heard[0]?.composed).toBe(true);
  });

  it("fires once per change with several bars, and a buy button's add from that button only", async () => {
    const first = await place();
    await place();
    const button = document.body.appendChild(document.createElement('button'));
    const heard: PlateiaCartChangeEvent[] = [];
    document.addEventListener('plateia-cart-change', (event) => heard.push(event));
    addToCart(pista());
    changeCartFrom(button, () => addToCart(pista()));
    expect(heard.map((event) => [event.target, event.detail])).toEqual([
      [first, { count: 1, totalCents: 5000 }],
      [button, { count: 2, totalCents: 10000 }],
    ]);
    first.remove();
    document.querySelector(CART_BAR_TAG)?.remove();
    // Without a bar, only the button's own add is heard.
    addToCart(pista());
    changeCartFrom(button, () => addToCart(pista()));
    expect(heard.map((event) => event.detail.count)).toEqual([1, 2, 4]);
  });

  it('stops listening when it leaves the page', async () => {
    const bar = await place();
    const heard: PlateiaCartChangeEvent[] = [];
    document.addEventListener('plateia-cart-change', (event) => heard.push(event));
    bar.remove();
    addToCart(pista());
    expect(heard).toEqual([]);
  });
});

describe('cart bar rules', () => {
  it('hides on /checkout/ and listed prefixes only', () => {
    expect(isHiddenPath('/checkout/7', null)).toBe(true);
    expect(isHiddenPath('/checkouts', null)).toBe(false);
    expect(isHiddenPath('/conta/perfil', '/conta/  /x')).toBe(true);
    expect(isHiddenPath('/', '')).toBe(false);
  });

  it('fills the checkout address', () => {
    expect(checkoutUrl(null, 7)).toBe('/checkout/7');
    expect(checkoutUrl('/pagar/{eventId}/agora', 'a b')).toBe('/pagar/a%20b/agora');
  });
});
