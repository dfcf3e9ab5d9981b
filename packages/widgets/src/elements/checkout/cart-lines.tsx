/**
 * The lines of the checkout's "Resumo do pedido": a ticket line with the e-mail of who
 * receives each ticket and its meia-entrada fields, a product line, and the coupon and
 * totals under them.
 */

import type { TicketTypeInfo } from '@plateia/core/contracts/catalogue';
import { formatCents } from '@plateia/core/format/money';
import { INVALID_EMAIL_MESSAGE } from '@plateia/core/messages/accounts';
import { nextLotLabel } from '@plateia/core/messages/catalogue';
import {
  type CartItem,
  cartItemKey,
  isResaleItem,
  isSeatItem,
  type ProductCartItem,
  ticketUnits,
} from '@plateia/core/rules/cart';
import { removeOneFromCart, removeOneProductFromCart } from '@plateia/core/stores/cart';
import { setCoupon } from '@plateia/core/stores/checkout';
import type { ReactNode } from 'react';
import { Countdown } from './checkout-parts.tsx';

/**
 * What a ticket line says under its name: seat or table, lot ("2º lote", and "Próximo lote:
 * R$ X" while it is the lot selling now), number, resale, meia. `type` is the line's lot in
 * the event's answer, when it is loaded.
 */
export function ticketDetails(item: CartItem, type: TicketTypeInfo | undefined): string {
  const parts: string[] = [];
  if (item.seatInfo?.isTable && item.seatInfo.tableName) parts.push(item.seatInfo.tableName);
  else if (item.seatDetails) {
    const { sectionName, rowName, seatNumber } = item.seatDetails;
    parts.push(`${sectionName}, fila ${rowName}, assento ${seatNumber}`);
  }
  if (!isSeatItem(item)) {
    if (type && !isResaleItem(item)) {
      parts.push(type.lotLabel);
      if (type.nextLot) parts.push(nextLotLabel(type.nextLot.priceCents));
    } else if (item.n_number !== null) parts.push(`Lote ${item.n_number}`);
    if (item.numerationSelected !== null && item.numerationSelected !== '') {
      parts.push(`Número ${item.numerationSelected}`);
    }
  }
  if (isResaleItem(item)) parts.push('Revenda');
  if (item.meia) parts.push('Meia-entrada');
  return parts.join(' · ');
}

interface TicketLineProps {
  item: CartItem;
  /** The line's lot in the event's answer, when it is loaded. */
  type: TicketTypeInfo | undefined;
  /** Prefix of the fields' ids. */
  ids: string;
  /** The buyer's login e-mail; `undefined` while logged out. */
  userEmail: string | undefined;
  /** What was typed for each ticket unit, by `${cartItemKey}#${unit}`. */
  holders: Record<string, string>;
  invalid: Record<string, boolean>;
  onHolder: (unit: string, email: string) => void;
  /** The line's meia-entrada fields (meia-beneficiaries.tsx). */
  meiaFields: ReactNode;
}

/** A ticket line: units, name and details, amount, "Remover um", then one e-mail field per ticket. */
export function TicketLine({
  item,
  type,
  ids,
  userEmail,
  holders,
  invalid,
  onHolder,
  meiaFields,
}: TicketLineProps): ReactNode {
  const key = cartItemKey(item);
  const name = item.name || 'Ingresso';
  const details = ticketDetails(item, type);
  return (
    <li className="line" part="line">
      <div className="line-main">
        <span className="line-name">
          {ticketUnits(item)}× {name}
        </span>
        {details && <span className="line-details">{details}</span>}
      </div>
      <span className="amount">{formatCents(item.tk_price * ticketUnits(item))}</span>
      <button
        type="button"
        className="remove"
        part="remove-button"
        aria-label={`Remover um: ${name}${details ? ` (${details})` : ''}`}
        onClick={() => void removeOneFromCart(key)}
      >
        Remover um
      </button>
      <div className="holders">
        {Array.from({ length: ticketUnits(item) }, (_, index) => {
          const unit = `${key}#${index}`;
          const fieldId = `${ids}-${unit}`;
          return (
            <div className="field" key={unit}>
              <label htmlFor={fieldId}>
                E-mail de quem recebe o ingresso {index + 1} ({name})
              </label>
              <input
                id={fieldId}
                part="input"
                type="email"
                autoComplete="email"
                placeholder={userEmail ? undefined : 'O seu, ao acessar a conta'}
                value={holders[unit] ?? userEmail ?? ''}
                aria-invalid={invalid[unit]}
                aria-describedby={invalid[unit] ? `${fieldId}-error` : undefined}
                onChange={(event) => onHolder(unit, event.currentTarget.value)}
              />
              {invalid[unit] && (
                <p id={`${fieldId}-error`} className="field-error">
                  {INVALID_EMAIL_MESSAGE}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {meiaFields}
    </li>
  );
}

/** A product line (a drink, a parking spot): units, name, amount and "Remover um". */
export function ProductLine({ entry }: { entry: ProductCartItem }): ReactNode {
  const name = entry.product.name || 'Produto';
  return (
    <li className="line" part="line">
      <div className="line-main">
        <span className="line-name">
          {entry.amount}× {name}
        </span>
      </div>
      <span className="amount">{formatCents((entry.product.price ?? 0) * entry.amount)}</span>
      <button
        type="button"
        className="remove"
        part="remove-button"
        aria-label={`Remover um: ${name}`}
        onClick={() => removeOneProductFromCart(entry.product.id)}
      >
        Remover um
      </button>
    </li>
  );
}

interface CartTotalsProps {
  ids: string;
  coupon: string;
  totalCents: number;
  /** When the cart's reservation ends (epoch ms), or null without one. */
  expiresAt: number | null;
}

/** The coupon field, the subtotal with the fee "calculada ao finalizar", and the cart's countdown. */
export function CartTotals({ ids, coupon, totalCents, expiresAt }: CartTotalsProps): ReactNode {
  return (
    <>
      <div className="field">
        <label htmlFor={`${ids}-coupon`}>Cupom de desconto</label>
        <input
          id={`${ids}-coupon`}
          part="input coupon-input"
          autoComplete="off"
          autoCapitalize="characters"
          value={coupon}
          aria-describedby={`${ids}-coupon-hint`}
          onChange={(event) => setCoupon(event.currentTarget.value)}
        />
        <p id={`${ids}-coupon-hint`} className="hint">
          O desconto aparece ao finalizar a compra.
        </p>
      </div>

      <dl className="totals" part="totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatCents(totalCents)}</dd>
        </div>
        <div className="muted">
          <dt>Taxa de serviço</dt>
          <dd>calculada ao finalizar</dd>
        </div>
      </dl>
      {expiresAt !== null && (
        <Countdown
          label="Seu carrinho expira em"
          name="Tempo restante do carrinho"
          until={expiresAt}
          part="countdown"
        />
      )}
    </>
  );
}
