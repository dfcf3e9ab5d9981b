-- A refund goes back only to the payments that paid (docs/refunds.md, "Shared payments"):
-- a ticket of an order paid by several payments (a shared payment's shares) is refunded by
-- one row per source payment, each one devolução to its own payment. The first row (the
-- parent: ticket, amount, fee, the `refund:{id}` movement) keeps its own payment's part and
-- records in split_cents what its children carry; each child row (parent_refund_id set) is
-- the devolução of one other payment, with its own attempts, state and PIX key.
ALTER TABLE refunds ADD COLUMN parent_refund_id integer REFERENCES refunds(id);
ALTER TABLE refunds ADD COLUMN split_cents integer NOT NULL DEFAULT 0 CHECK (split_cents >= 0);
ALTER TABLE refunds ADD CONSTRAINT refunds_parts_check CHECK (wallet_cents + split_cents <= amount_cents);
ALTER TABLE refunds ADD CONSTRAINT refunds_child_check
  CHECK (parent_refund_id IS NULL OR (split_cents = 0 AND wallet_cents = 0 AND payment_id IS NOT NULL));
CREATE INDEX refunds_parent_idx ON refunds (parent_refund_id) WHERE parent_refund_id IS NOT NULL;
-- One refund per ticket, per order's rest, per late payment: the parents (children share
-- their parent's ticket); one child per payment per parent.
DROP INDEX refunds_ticket_key;
DROP INDEX refunds_order_rest_key;
DROP INDEX refunds_unfulfilled_key;
CREATE UNIQUE INDEX refunds_ticket_key ON refunds (ticket_id) WHERE ticket_id IS NOT NULL AND parent_refund_id IS NULL;
CREATE UNIQUE INDEX refunds_order_rest_key ON refunds (order_id)
  WHERE ticket_id IS NULL AND reason <> 'unfulfilled' AND parent_refund_id IS NULL;
CREATE UNIQUE INDEX refunds_unfulfilled_key ON refunds (payment_id) WHERE reason = 'unfulfilled' AND parent_refund_id IS NULL;
CREATE UNIQUE INDEX refunds_child_key ON refunds (parent_refund_id, payment_id) WHERE parent_refund_id IS NOT NULL;
