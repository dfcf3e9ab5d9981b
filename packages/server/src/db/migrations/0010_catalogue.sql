-- Catalogue: events, ticket types (one row per lot), marketplace products and coupons.
-- Money is integer cents. Stock counters (`sold`, `reserved`) move only through
-- conditional UPDATEs (see docs/buying.md "Concurrency"), and CHECK constraints make an
-- oversell impossible even if a statement were wrong.

CREATE TABLE events (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  venue text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  image text NOT NULL DEFAULT '',
  -- NULL when the producer's account does not exist (demo data created without it).
  producer_id integer REFERENCES customers(id) ON DELETE SET NULL,
  pixel text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published', 'cancelled')),
  -- Service fee in basis points of tickets and products (1000 = 10%).
  service_fee_bps integer NOT NULL DEFAULT 1000 CHECK (service_fee_bps BETWEEN 0 AND 10000),
  -- Bumped whenever the seat layout changes; part of the seat map's ETag.
  seat_map_version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (ends_at >= starts_at)
);
CREATE INDEX events_starts_at_idx ON events (starts_at);
CREATE INDEX events_producer_idx ON events (producer_id);

-- One row per lot: "Pista" lot 1 and "Pista" lot 2 are two rows with the same `name`
-- and `n_number` 1 and 2. Numbered types (`numbered`) are sold only with a seat or table
-- of `section_id`; their stock is the seats themselves, not the counters.
CREATE TABLE ticket_types (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  n_number integer NOT NULL DEFAULT 1 CHECK (n_number >= 1),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  quantity integer NOT NULL CHECK (quantity >= 0),
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  -- Units held by live or not-yet-reclaimed reservations.
  reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  per_order_limit integer NOT NULL DEFAULT 10 CHECK (per_order_limit >= 1),
  numbered boolean NOT NULL DEFAULT false,
  section_id integer,
  sales_start timestamptz,
  sales_end timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden', 'closed')),
  sort integer NOT NULL DEFAULT 0,
  CHECK (sold + reserved <= quantity)
);
CREATE INDEX ticket_types_event_idx ON ticket_types (event_id);

CREATE TABLE products (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  image text NOT NULL DEFAULT '',
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  stock integer NOT NULL CHECK (stock >= 0),
  sold integer NOT NULL DEFAULT 0 CHECK (sold >= 0),
  reserved integer NOT NULL DEFAULT 0 CHECK (reserved >= 0),
  per_order_limit integer NOT NULL DEFAULT 10 CHECK (per_order_limit >= 1),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden')),
  sort integer NOT NULL DEFAULT 0,
  CHECK (sold + reserved <= stock)
);
CREATE INDEX products_event_idx ON products (event_id);

-- `value` is basis points for 'percent' (1500 = 15%) and cents for 'fixed'. `used` counts
-- live reservations and paid orders, like the stock counters.
CREATE TABLE coupons (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  code text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
  value integer NOT NULL CHECK (value > 0),
  valid_from timestamptz,
  valid_until timestamptz,
  usage_limit integer CHECK (usage_limit IS NULL OR usage_limit >= 0),
  used integer NOT NULL DEFAULT 0 CHECK (used >= 0),
  CHECK (kind <> 'percent' OR value <= 10000),
  CHECK (usage_limit IS NULL OR used <= usage_limit)
);
-- Codes are unique per event regardless of case.
CREATE UNIQUE INDEX coupons_event_code_key ON coupons (event_id, upper(code));
