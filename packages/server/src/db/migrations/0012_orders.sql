-- Orders (reservations that become purchases), their lines, issued tickets, resale
-- listings and pixel hits.
--
-- An order starts 'reserved' with `expires_at` 15 minutes ahead; payment makes it 'paid';
-- an expired reservation becomes 'expired' when its stock is reclaimed (lazily, by the
-- next reservation that needs the stock; see docs/buying.md); 'cancelled' is explicit.

CREATE TABLE orders (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- 'RESALE_{resaleId}' for a resale purchase, otherwise a generated unique id.
  number text NOT NULL,
  customer_id integer NOT NULL REFERENCES customers(id),
  event_id integer NOT NULL REFERENCES events(id),
  session_id text NOT NULL,
  status text NOT NULL DEFAULT 'reserved' CHECK (status IN ('reserved', 'paid', 'expired', 'cancelled')),
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  fee_cents integer NOT NULL DEFAULT 0 CHECK (fee_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  coupon_id integer REFERENCES coupons(id),
  coupon_code text,
  resale_listing_id integer,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_number_idx ON orders (number);
CREATE INDEX orders_customer_idx ON orders (customer_id, created_at);
-- Lazy reclaim looks for reservations past their expiry, per event.
CREATE INDEX orders_live_idx ON orders (event_id, expires_at) WHERE status = 'reserved';

-- One row per ticket (quantity 1, with its holder e-mail) or per product line (quantity n).
CREATE TABLE order_items (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('ticket', 'product', 'resale')),
  ticket_type_id integer REFERENCES ticket_types(id),
  product_id integer REFERENCES products(id),
  seat_id integer REFERENCES seats(id),
  table_id integer REFERENCES seat_tables(id),
  resale_listing_id integer,
  n_number integer,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity >= 1),
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  -- Whose account receives the ticket; NULL means the buyer's (spec §1).
  holder_email text
);
CREATE INDEX order_items_order_idx ON order_items (order_id);

-- Seats reserved by an order keep their hold until the order's expiry; payment marks
-- them sold where `order_id` matches.
ALTER TABLE seats ADD COLUMN order_id integer REFERENCES orders(id) ON DELETE SET NULL;
CREATE INDEX seats_order_idx ON seats (order_id) WHERE order_id IS NOT NULL;

-- Issued tickets (by payment, by courtesy, or for demo data). They live only in the account.
CREATE TABLE tickets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE,
  customer_id integer REFERENCES customers(id),
  holder_email text NOT NULL,
  event_id integer NOT NULL REFERENCES events(id),
  ticket_type_id integer NOT NULL REFERENCES ticket_types(id),
  n_number integer NOT NULL DEFAULT 1,
  seat_id integer REFERENCES seats(id),
  order_id integer REFERENCES orders(id),
  order_item_id integer REFERENCES order_items(id),
  price_cents integer NOT NULL DEFAULT 0,
  courtesy boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'valid' CHECK (status IN ('valid', 'used', 'cancelled', 'transferred', 'resold')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_customer_idx ON tickets (customer_id);
CREATE INDEX tickets_holder_email_idx ON tickets (lower(holder_email));
CREATE INDEX tickets_order_idx ON tickets (order_id);
-- A seat is sold at most once: two valid tickets can never share one.
CREATE UNIQUE INDEX tickets_seat_key ON tickets (seat_id) WHERE seat_id IS NOT NULL AND status IN ('valid', 'used');

-- A ticket offered again by its owner. Reserved by an order (order_id + reserved_until,
-- the expiry being part of every predicate) until paid, then 'sold'.
CREATE TABLE resale_listings (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  ticket_id integer NOT NULL REFERENCES tickets(id),
  seller_id integer REFERENCES customers(id),
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'sold', 'cancelled')),
  order_id integer REFERENCES orders(id) ON DELETE SET NULL,
  reserved_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resale_listings_event_idx ON resale_listings (event_id) WHERE status = 'active';
-- One open listing per ticket.
CREATE UNIQUE INDEX resale_listings_ticket_key ON resale_listings (ticket_id) WHERE status = 'active';
ALTER TABLE orders ADD CONSTRAINT orders_resale_fk FOREIGN KEY (resale_listing_id) REFERENCES resale_listings(id);
ALTER TABLE order_items ADD CONSTRAINT order_items_resale_fk FOREIGN KEY (resale_listing_id) REFERENCES resale_listings(id);

-- Tracking pixel hits (spec: POST /pixel/add, tipo 3 = checkout start).
CREATE TABLE pixel_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hash text NOT NULL,
  ismobile boolean NOT NULL DEFAULT false,
  event_id integer REFERENCES events(id) ON DELETE CASCADE,
  tipo integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pixel_events_event_idx ON pixel_events (event_id, tipo);
