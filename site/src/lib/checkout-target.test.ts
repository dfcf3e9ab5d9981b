import { describe, expect, it } from 'vitest';
import { checkoutRedirect } from './checkout-target.ts';

describe('checkoutRedirect', () => {
  it('sends the buyer to the checkout of the first cart item’s event', () => {
    expect(checkoutRedirect('1', 2)).toBe('/checkout/2');
    expect(checkoutRedirect('1', '3')).toBe('/checkout/3');
  });

  it('stays when the cart is for this event (ids as numbers or strings) or empty', () => {
    expect(checkoutRedirect('2', 2)).toBeNull();
    expect(checkoutRedirect('2', '2')).toBeNull();
    expect(checkoutRedirect('2', null)).toBeNull();
    expect(checkoutRedirect('2', undefined)).toBeNull();
  });

  it('encodes odd ids instead of building another path', () => {
    expect(checkoutRedirect('1', '../x')).toBe('/checkout/..%2Fx');
  });
});
