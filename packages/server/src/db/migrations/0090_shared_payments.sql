-- Shared payments (docs/shared-payments.md): a leader splits a reserved order's payment with
-- friends, each share paid by its own PIX charge (a `payments` row of the order for the
-- share's amount). The order settles once every share is in; at `closes_at` a group that is
-- not complete expires: paid shares are refunded by devolução, the order is cancelled.

CREATE TABLE shared_payments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  leader_id integer NOT NULL REFERENCES customers(id),
  event_id integer NOT NULL REFERENCES events(id),
  -- 'open': collecting; 'completed': every share paid, order paid; 'expired': closed without.
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'expired')),
  total_cents integer NOT NULL CHECK (total_cents > 0),
  -- Tickets the order issues: what the open groups of an event count against its cap.
  ticket_count integer NOT NULL CHECK (ticket_count >= 0),
  deadline timestamptz NOT NULL,
  -- deadline + the leader's grace: share charges live until then, the expiry job runs then.
  closes_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  CHECK (closes_at >= deadline)
);
-- One group per order, ever: an expired group's order is cancelled.
CREATE UNIQUE INDEX shared_payments_order_key ON shared_payments (order_id);
CREATE INDEX shared_payments_leader_idx ON shared_payments (leader_id, id);
-- The per-event cap counts open groups; the sweep looks for open groups past closes_at.
CREATE INDEX shared_payments_open_event_idx ON shared_payments (event_id) WHERE status = 'open';
CREATE INDEX shared_payments_open_due_idx ON shared_payments (closes_at) WHERE status = 'open';

-- A share's charge is a payment of the order; the order's "one open PIX charge" rule is
-- for the buyer's own checkout only.
ALTER TABLE payments ADD COLUMN shared_payment_id integer REFERENCES shared_payments(id);
DROP INDEX payments_open_pix_key;
CREATE UNIQUE INDEX payments_open_pix_key ON payments (order_id)
  WHERE method = 'pix' AND status = 'pending' AND shared_payment_id IS NULL;

CREATE TABLE shared_payment_shares (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shared_payment_id integer NOT NULL REFERENCES shared_payments(id) ON DELETE CASCADE,
  -- 1 is the leader.
  position integer NOT NULL CHECK (position BETWEEN 1 AND 10),
  email text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 100),
  tickets integer NOT NULL CHECK (tickets >= 0),
  -- 'pending' → 'paid'; of an expired group: 'cancelled' (unpaid) or 'refunding' (paid, its
  -- payment refund_required); 'refunded' is read from the refund of its payment.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'refunding', 'refunded', 'cancelled')),
  payment_id integer NOT NULL UNIQUE REFERENCES payments(id),
  -- sha256 of the link's token (the token itself is only in the e-mail).
  token_hash text NOT NULL UNIQUE,
  paid_at timestamptz,
  email_sent_at timestamptz,
  UNIQUE (shared_payment_id, position)
);
CREATE UNIQUE INDEX shared_payment_shares_email_key ON shared_payment_shares (shared_payment_id, lower(email));
-- `user-all` finds the groups an account takes part in by its e-mail.
CREATE INDEX shared_payment_shares_email_idx ON shared_payment_shares (lower(email));
