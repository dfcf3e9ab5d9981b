import {
  addProductToCart,
  addToCart,
  type EventSummary,
  type ProductInfo,
  type ResaleOffer,
  resaleCartItem,
  showToast,
} from '@plateia/core';
import { useState } from 'react';

/** What the button puts in the cart: a marketplace product or a resale offer of an event. */
export type CartActionButtonProps =
  | {
      kind: 'product';
      eventId: number;
      product: Pick<ProductInfo, 'id' | 'name' | 'priceCents' | 'available' | 'perOrderLimit'>;
    }
  | { kind: 'resale'; event: Pick<EventSummary, 'id' | 'pixel'>; offer: ResaleOffer };

/** Product units one order may take: the per-order limit, never more than the stock. */
export function productCap(product: Pick<ProductInfo, 'available' | 'perOrderLimit'>): number {
  return Math.max(0, Math.min(product.available, product.perOrderLimit || product.available));
}

/**
 * "Adicionar" for the event page's products and resale offers, which have no element of
 * their own in the widgets: it calls core's cart actions (which merge, cap and explain
 * refusals with toasts) and confirms a successful add with a toast, so the cart bar that
 * appears is not the only sign.
 */
export default function CartActionButton(props: CartActionButtonProps) {
  const [added, setAdded] = useState(false);
  const label = props.kind === 'product' ? props.product.name : `${props.offer.name} (revenda)`;

  const add = () => {
    if (props.kind === 'product') {
      const { product } = props;
      addProductToCart(
        {
          id: product.id,
          qtd: productCap(product),
          price: product.priceCents,
          name: product.name,
          eventId: props.eventId,
        },
        1,
      );
      showToast({ kind: 'success', message: `${product.name} adicionado ao carrinho` });
      setAdded(true);
      return;
    }
    // The event summary's id and pixel are all a resale line takes from it.
    const result = addToCart(resaleCartItem(props.event as EventSummary, props.offer));
    if (result.ok) {
      showToast({ kind: 'success', message: 'Ingresso de revenda adicionado ao carrinho' });
      setAdded(true);
    }
  };

  return (
    <button
      type="button"
      className="btn btn-secondary cart-action"
      onClick={add}
      // A resale listing is one ticket: once in the cart there is nothing more to add.
      disabled={added && props.kind === 'resale'}
      aria-label={`Adicionar ${label} ao carrinho`}
    >
      {!added ? 'Adicionar' : props.kind === 'resale' ? 'No carrinho' : 'Adicionar mais'}
    </button>
  );
}
