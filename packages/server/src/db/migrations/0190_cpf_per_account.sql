-- A CPF belongs to at most one account (docs/accounts.md, "One CPF, one account"). The
-- virtual queue's "one place per CPF" counts the profile's CPF, so a CPF anyone can type
-- into any profile locked its owner out of high-demand sales.

-- Stored as digits only (the profile edit already does this; older rows may not).
UPDATE customers SET cpfnpj = regexp_replace(cpfnpj, '\D', '', 'g') WHERE cpfnpj ~ '\D';

-- "This CPF is mine": a customer asks for a CPF another account holds. While a claim is
-- open the CPF is frozen: it counts for no queue, on either account, until the holder
-- releases it (removes it from their profile: it then moves to the claimant) or the team
-- decides. The claimant's identity document travels in the support request.
CREATE TABLE cpf_claims (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  cpf text NOT NULL CHECK (cpf ~ '^[0-9]{11}$'),
  claimant_id integer NOT NULL REFERENCES customers(id),
  holder_id integer REFERENCES customers(id),
  support_request_id integer REFERENCES support_requests(id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'released', 'upheld', 'rejected', 'withdrawn')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK ((status = 'open') = (resolved_at IS NULL))
);
-- One open claim per claimant at a time; open claims are looked up by CPF.
CREATE UNIQUE INDEX cpf_claims_open_claimant_key ON cpf_claims (claimant_id) WHERE status = 'open';
CREATE INDEX cpf_claims_open_cpf_idx ON cpf_claims (cpf) WHERE status = 'open';

-- CPFs already on more than one account: the account that confirmed its e-mail first (then
-- the oldest) keeps it, frozen; every other one becomes an open claim for the team to
-- decide, so no account silently loses or keeps a CPF that may not be its own.
WITH ranked AS (
  SELECT id, cpfnpj,
         row_number() OVER (PARTITION BY cpfnpj ORDER BY email_verified_at NULLS LAST, id) AS rank,
         first_value(id) OVER (PARTITION BY cpfnpj ORDER BY email_verified_at NULLS LAST, id) AS keeper
  FROM customers
  WHERE length(cpfnpj) = 11
)
INSERT INTO cpf_claims (cpf, claimant_id, holder_id)
SELECT cpfnpj, id, keeper FROM ranked WHERE rank > 1;

UPDATE customers c SET cpfnpj = ''
FROM cpf_claims k
WHERE k.status = 'open' AND k.claimant_id = c.id AND k.holder_id <> c.id AND c.cpfnpj = k.cpf;

-- The guarantee itself, race-safe: two accounts saving the same CPF at once, one fails.
-- CNPJs (14 digits) stay shareable: a company's staff may each buy with its number.
CREATE UNIQUE INDEX customers_cpf_key ON customers (cpfnpj) WHERE length(cpfnpj) = 11;
