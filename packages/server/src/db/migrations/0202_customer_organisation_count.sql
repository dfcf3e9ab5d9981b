-- Whether an account is a producer (`isadmin` '1', docs/producers.md) is read on every session
-- lookup. The number of organisations it belongs to is kept on the account, so the lookup reads
-- a column instead of searching `organisation_members`. Only organisations/ changes membership,
-- and it moves this count in the same transaction, by one, with an atomic UPDATE, so two
-- membership changes at once each count.
ALTER TABLE customers ADD COLUMN organisation_count integer NOT NULL DEFAULT 0
  CHECK (organisation_count >= 0);

UPDATE customers c SET organisation_count = m.n
  FROM (SELECT customer_id, count(*)::int AS n FROM organisation_members GROUP BY customer_id) m
 WHERE m.customer_id = c.id;
