-- Friends (spec §3, §4, §7): one row per pair of customers, whoever asked first. Status 2 is
-- a pending request from `from_customer_id` to `to_customer_id`; status 1 is an accepted
-- friendship. Denying or deleting removes the row, so the pair may ask again later.
CREATE TABLE friendships (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  from_customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  to_customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  status smallint NOT NULL DEFAULT 2 CHECK (status IN (1, 2)),
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  CHECK (from_customer_id <> to_customer_id)
);
-- One row per pair in either direction: A asking B and B asking A are the same pair.
CREATE UNIQUE INDEX friendships_pair_key
  ON friendships (LEAST(from_customer_id, to_customer_id), GREATEST(from_customer_id, to_customer_id));
CREATE INDEX friendships_to_idx ON friendships (to_customer_id);

-- The public-profile setting (`friendly_accept`: 1 public, 2 not). A customer without a row
-- is public (1), the product's default.
CREATE TABLE friend_settings (
  customer_id integer PRIMARY KEY REFERENCES customers(id) ON DELETE CASCADE,
  friendly_accept smallint NOT NULL DEFAULT 1 CHECK (friendly_accept IN (1, 2)),
  updated_at timestamptz NOT NULL DEFAULT now()
);
