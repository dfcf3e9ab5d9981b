-- The cashless wallet (docs/wallet.md). The money itself lives in the ledger (0070): these
-- tables record what each movement is about (a PIX top-up, the wallet part of an order, a
-- point-of-sale spend, a return of the leftover) so that every step is idempotent.

-- A top-up by PIX: its own charge at the PSP (txid 'PLTW…'), never an order's.
CREATE TABLE wallet_topups (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id),
  -- R$ 5,00 to R$ 5.000,00 (wallet/limits.ts).
  amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 500 AND 500000),
  -- 'pending': charge open; 'credited': paid and in the wallet; 'expired': charge closed unpaid.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'credited', 'expired')),
  txid text NOT NULL UNIQUE,
  brcode text NOT NULL,
  charge_expires_at timestamptz NOT NULL,
  -- The PIX that paid it (confirmed with GET /cob/{txid}): one credit per endToEndId.
  end_to_end_id text UNIQUE,
  paid_at timestamptz,
  -- How much of it was already sent back by devolução (never more than amount_cents).
  returned_cents integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (returned_cents BETWEEN 0 AND amount_cents),
  CHECK ((status = 'credited') = (end_to_end_id IS NOT NULL))
);
CREATE INDEX wallet_topups_customer_idx ON wallet_topups (customer_id, id);
CREATE INDEX wallet_topups_pending_idx ON wallet_topups (id) WHERE status = 'pending';

-- The wallet part of an order: held from the wallet at checkout (ledger wallet_spend to
-- clearing), consumed when the order settles, given back when the order dies unpaid.
CREATE TABLE wallet_order_parts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- 'held': taken from the wallet, waiting for the rest of the payment; 'spent': the order
  -- settled; 'released': given back to the wallet (the order expired or was cancelled unpaid).
  status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'spent', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One live part per order.
CREATE UNIQUE INDEX wallet_order_parts_live_key ON wallet_order_parts (order_id) WHERE status IN ('held', 'spent');
CREATE INDEX wallet_order_parts_held_idx ON wallet_order_parts (order_id) WHERE status = 'held';

-- Short-lived codes a customer shows at the event's point of sale (their /cashless page's QR).
-- Only a hash is kept: the code itself is shown once to its owner.
CREATE TABLE wallet_pay_codes (
  code_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_pay_codes_customer_idx ON wallet_pay_codes (customer_id);

-- Point-of-sale spends, one per (event, idempotency key from the POS).
CREATE TABLE wallet_pos_spends (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id),
  producer_id integer NOT NULL REFERENCES customers(id),
  customer_id integer NOT NULL REFERENCES customers(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  idempotency_key text NOT NULL,
  description text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, idempotency_key)
);

-- Leftover sent back to the PIX account that paid a top-up (PIX devolução with our own id).
CREATE TABLE wallet_returns (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES customers(id),
  topup_id integer NOT NULL REFERENCES wallet_topups(id),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  -- The devolução id we chose (PUT /pix/{e2eid}/devolucao/{id}): a retry never returns twice.
  devolucao_id text NOT NULL UNIQUE,
  -- 'requested': sent or to be sent to the PSP; 'returned': DEVOLVIDO; 'failed': NAO_REALIZADO
  -- (the amount went back to the wallet).
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'returned', 'failed')),
  -- 'customer': "Devolver saldo"; 'after_event': the automatic return.
  reason text NOT NULL CHECK (reason IN ('customer', 'after_event')),
  status_detail text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_returns_customer_idx ON wallet_returns (customer_id, id);
CREATE INDEX wallet_returns_open_idx ON wallet_returns (id) WHERE status = 'requested';
