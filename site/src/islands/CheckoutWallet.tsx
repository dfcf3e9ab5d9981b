import { useStore } from '@nanostores/react';
import { $authState, $checkout, $payment, completeCheckout, showToast } from '@plateia/core';
import { fetchWallet, payOrderWithWallet } from '@plateia/core/api/wallet';
import { formatCents } from '@plateia/core/format/money';
import { WALLET_MESSAGES as M } from '@plateia/core/messages/wallet';
import { useEffect, useState } from 'react';

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
  const payment = useStore($payment);
  const [balance, setBalance] = useState<number | null>(null);
  const [applied, setApplied] = useState<{ orderId: string; walletCents: number; dueCents: number } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const orderId = checkout ? String(checkout.order.id) : null;

  useEffect(() => {
    if (authState !== 'loggedIn' || orderId === null) return;
    fetchWallet()
      .then((wallet) => setBalance(wallet.balanceCents))
      .catch(() => setBalance(null));
  }, [authState, orderId]);

  if (!checkout || orderId === null) return null;
  const mine = applied?.orderId === orderId ? applied : null;
  if (mine) {
    return (
      <p className="card checkout-wallet" role="status" data-testid="checkout-wallet">
        {M.walletApplied(formatCents(mine.walletCents))} {M.remaining(formatCents(mine.dueCents))}
      </p>
    );
  }
  // Only before a payment starts: a PIX or card under way was asked for the whole total.
  if (!balance || balance <= 0 || payment.phase !== 'idle') return null;

  const use = async () => {
    setBusy(true);
    try {
      const part = await payOrderWithWallet(orderId);
      setBalance(part.balanceCents);
      if (part.paid) {
        showToast({ kind: 'success', message: M.walletPaid });
        $payment.set({ ...$payment.get(), phase: 'paid', orderId, message: null });
        completeCheckout();
        return;
      }
      setApplied({ orderId, walletCents: part.walletCents, dueCents: part.dueCents });
    } catch (error) {
      showToast({ kind: 'error', message: error instanceof Error ? error.message : M.loadFailed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card checkout-wallet" data-testid="checkout-wallet">
      <p>
        {M.balance}: <strong>{formatCents(balance)}</strong>
      </p>
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void use()}>
        {M.useWallet}
      </button>
    </div>
  );
}
