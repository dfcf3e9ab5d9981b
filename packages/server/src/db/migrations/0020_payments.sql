-- Payments: one row per PIX charge or card attempt on an order, and the PIX payments the
-- PSP confirmed (keyed by endToEndId, so a webhook delivered twice settles once).

CREATE TABLE payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  customer_id integer NOT NULL REFERENCES customers(id),
  method text NOT NULL CHECK (method IN ('pix', 'card')),
  -- 'pending': charge open / card in review; 'approved': money received and order settled;
  -- 'declined': card refused; 'expired': PIX charge closed with the reservation;
  -- 'refund_required': money received but the order could not be settled (see docs/payments.md).
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'declined', 'expired', 'refund_required')),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- PIX: the charge's txid at the PSP, its copia-e-cola and when it stops accepting payment.
  txid text UNIQUE,
  brcode text,
  charge_expires_at timestamptz,
  end_to_end_id text UNIQUE,
  -- Card: the attempt's idempotency key (unique per customer), the gateway's charge.
  idempotency_key text,
  request_fingerprint text,
  gateway_charge_id text UNIQUE,
  installments integer CHECK (installments IS NULL OR installments BETWEEN 1 AND 12),
  card_brand text,
  card_last4 text,
  status_detail text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  CHECK (method <> 'pix' OR txid IS NOT NULL)
);
CREATE INDEX payments_order_idx ON payments (order_id);
CREATE UNIQUE INDEX payments_idempotency_key ON payments (customer_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
-- At most one open PIX charge per order: a reload of the checkout shows the same code.
CREATE UNIQUE INDEX payments_open_pix_key ON payments (order_id) WHERE method = 'pix' AND status = 'pending';

-- PIX payments confirmed with the PSP. Inserted only after GET /cob/{txid} agrees, so a
-- forged endToEndId can never block a real one.
CREATE TABLE pix_received (
  end_to_end_id text PRIMARY KEY,
  txid text NOT NULL,
  payment_id integer NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  amount_cents integer NOT NULL,
  paid_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pix_received_payment_idx ON pix_received (payment_id);
