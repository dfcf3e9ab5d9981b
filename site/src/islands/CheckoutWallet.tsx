import { useStore } from '@nanostores/react';
import { $authState, $checkout, $payment } from '@plateia/core';
import { formatCents } from '@plateia/core/format/money';
import { WALLET_MESSAGES as M } from '@plateia/core/messages/wallet';
import { $checkoutWalletPayment, $currentCheckoutWalletPart, $wallet } from '@plateia/core/stores/wallet';

/**
 * The checkout's wallet option, beside `<plateia-checkout>` (whose bundle has no room for it):
 * once the order is reserved and before a PIX or card payment starts, it shows the balance
 * and "Usar saldo da carteira". The wallet pays all it can; covering the whole total pays
 * the order at once (the checkout then shows its confirmation), otherwise PIX or card charge
 * the rest (docs/wallet.md).
 */
export default function CheckoutWallet() {
  const authState = useStore($authState);
  const checkout = useStore($checkout);
  const part = useStore($currentCheckoutWalletPart);
  if (!checkout) return null;
  if (part) {
    return (
      <p className="card checkout-wallet" role="status" data-testid="checkout-wallet">
        {M.walletApplied(formatCents(part.walletCents))} {M.remaining(formatCents(part.dueCents))}
      </p>
    );
  }
  if (authState !== 'loggedIn') return null;
  return <UseWallet orderId={String(checkout.order.id)} />;
}

/** The balance (read only once an order is reserved) and the button that applies it. */
function UseWallet({ orderId }: { orderId: string }) {
  const balance = useStore($wallet).data?.balanceCents ?? 0;
  const payment = useStore($payment);
  const { loading: busy, mutate } = useStore($checkoutWalletPayment);
  // Only before a payment starts: a PIX or card under way was asked for the whole total.
  if (balance <= 0 || payment.phase !== 'idle') return null;
  return (
    <div className="card checkout-wallet" data-testid="checkout-wallet">
      <p>
        {M.balance}: <strong>{formatCents(balance)}</strong>
      </p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void mutate(orderId)}>
        {M.useWallet}
      </button>
    </div>
  );
}
