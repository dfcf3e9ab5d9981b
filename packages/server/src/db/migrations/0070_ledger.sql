-- The ledger: every movement of money as a double-entry transaction in integer cents
-- (docs/ledger.md). A transaction's entries sum to zero (checked at COMMIT by a deferred
-- constraint trigger); transactions and entries are append-only (corrections are
-- reversals); every transaction has an idempotency key, so a retried movement posts once.
--
-- Sign: an entry's amount adds to its account's balance. Money arriving from outside
-- (PIX in, card in) leaves those accounts negative; money owed to someone (a customer's
-- wallet, a producer's revenue, the platform's fees) is positive; money sent out (PIX
-- out, card refunds) accumulates positive on the outgoing accounts.

CREATE TABLE ledger_accounts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN (
    'customer_wallet',    -- a customer's cashless balance (never below zero)
    'producer_revenue',   -- what an event's producer is owed for its sales
    'platform_fees',      -- service and resale fees the platform keeps
    'platform_clearing',  -- money received that is owed back (refunds in flight, orders not honoured)
    'pix_in',             -- money received by PIX
    'card_in',            -- money received by card
    'pix_out',            -- money sent by PIX (devoluções, wallet returns)
    'card_out'            -- money returned to cards (gateway refunds)
  )),
  customer_id integer REFERENCES customers(id),
  event_id integer REFERENCES events(id),
  -- A customer wallet's balance (the sum of its entries), kept under the row lock in the
  -- same transaction as each entry so it is checked against zero. Other accounts stay 0:
  -- their balance is the sum of their entries, so no sale waits on a shared revenue row.
  balance_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'customer_wallet') = (customer_id IS NOT NULL)),
  CHECK ((kind = 'producer_revenue') = (event_id IS NOT NULL)),
  -- The backstop of the balance check the posting code makes under the row lock.
  CHECK (kind <> 'customer_wallet' OR balance_cents >= 0),
  CHECK (kind = 'customer_wallet' OR balance_cents = 0)
);
CREATE UNIQUE INDEX ledger_accounts_key ON ledger_accounts (kind, coalesce(customer_id, 0), coalesce(event_id, 0));

CREATE TABLE ledger_transactions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- Chosen by the caller from what the movement is about ('order-payment:42'), so a retry,
  -- a second webhook or a second process posts nothing new.
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind <> ''),
  -- A reversal names the transaction it undoes; each is undone at most once.
  reverses_id bigint UNIQUE REFERENCES ledger_transactions(id),
  customer_id integer REFERENCES customers(id),
  order_id integer REFERENCES orders(id),
  payment_id integer REFERENCES payments(id),
  ticket_id integer REFERENCES tickets(id),
  memo text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_order_idx ON ledger_transactions (order_id) WHERE order_id IS NOT NULL;

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
  account_id integer NOT NULL REFERENCES ledger_accounts(id),
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);
-- A wallet's statement reads its entries newest first.
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);

-- Every transaction balances: checked once per transaction at COMMIT, after all its entries.
CREATE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_entries WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance (%)', NEW.transaction_id, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_entries_balanced
  AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();

-- Append-only: nothing posted is changed or removed.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = '42501';
END $$;
CREATE TRIGGER ledger_transactions_append_only
  BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
