-- Refunds (docs/refunds.md): money going back to whoever paid, by the way it came (PIX
-- devolução, card refund, or the wallet), one row per refunded ticket, per order's products,
-- or per late payment that found no stock. The money itself moves in the ledger (0070):
-- `refund:{id}` when asked, `payout:refund:{id}` when the PSP or gateway confirms.

-- A refunded ticket is 'refunded' (its codes died with the holder version bump).
ALTER TABLE tickets DROP CONSTRAINT tickets_status_check;
ALTER TABLE tickets ADD CONSTRAINT tickets_status_check
  CHECK (status IN ('valid', 'used', 'cancelled', 'transferred', 'resold', 'refunded'));

-- When the producer changed the event after tickets were sold: opens refunds for everyone.
ALTER TABLE events ADD COLUMN changed_at timestamptz;

CREATE TABLE refunds (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  -- Who receives the money: the order's buyer (the payer).
  customer_id integer NOT NULL REFERENCES customers(id),
  -- NULL: the order's products and rounding rest, or a late payment's whole amount.
  ticket_id integer REFERENCES tickets(id),
  -- The PIX or card payment the money goes back to (NULL when all of it goes to the wallet).
  payment_id integer REFERENCES payments(id),
  -- 'customer': asked within the policy; 'event_cancelled': the producer cancelled the event;
  -- 'unfulfilled': money that arrived for an order with no stock left.
  reason text NOT NULL CHECK (reason IN ('customer', 'event_cancelled', 'unfulfilled')),
  method text NOT NULL CHECK (method IN ('pix', 'card', 'wallet')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  -- The service fee share inside amount_cents (CDC art. 49: it goes back too).
  fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  -- The part credited to the wallet at once (orders paid partly with it).
  wallet_cents integer NOT NULL DEFAULT 0 CHECK (wallet_cents >= 0),
  -- requested → processing → refunded; NAO_REALIZADO → requested again (new devolução id)
  -- up to the attempt limit, then needs_pix_key; 'failed': a card refund the gateway refused
  -- for good (retried by the sweep).
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'processing', 'refunded', 'failed', 'needs_pix_key')),
  attempts integer NOT NULL DEFAULT 0,
  -- The current attempt's id at the PSP (PUT /pix/{e2eid}/devolucao/{id}) or PIX sent to a key.
  devolucao_id text UNIQUE,
  card_refund_id text,
  -- Another PIX key the customer gave after NAO_REALIZADO.
  pix_key text,
  status_detail text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  refunded_at timestamptz,
  CHECK (wallet_cents <= amount_cents),
  CHECK (method = 'wallet' OR payment_id IS NOT NULL)
);
-- One refund per ticket, one for an order's products, one per late payment: duplicates and
-- concurrent requests meet these.
CREATE UNIQUE INDEX refunds_ticket_key ON refunds (ticket_id) WHERE ticket_id IS NOT NULL;
CREATE UNIQUE INDEX refunds_order_rest_key ON refunds (order_id) WHERE ticket_id IS NULL AND reason <> 'unfulfilled';
CREATE UNIQUE INDEX refunds_unfulfilled_key ON refunds (payment_id) WHERE reason = 'unfulfilled';
CREATE INDEX refunds_customer_idx ON refunds (customer_id, id);
CREATE INDEX refunds_order_idx ON refunds (order_id);
CREATE INDEX refunds_open_idx ON refunds (id) WHERE status IN ('requested', 'processing', 'failed');
