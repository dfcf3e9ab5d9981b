-- "Excluir minha conta" (docs/accounts.md, "Erasure"): an erased account keeps its row, so
-- the orders, payments and ledger entries the law requires stay linked to it, with every
-- personal field blanked. `erased_at` marks it; its `status` is 0, so no token works.
ALTER TABLE customers ADD COLUMN erased_at timestamptz;

-- The code e-mailed to confirm an erasure: one live per account, stored as a digest, a few
-- wrong tries and it is gone.
CREATE TABLE account_erasure_codes (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0)
);
