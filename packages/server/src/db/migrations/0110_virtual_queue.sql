-- Virtual queue (docs/virtual-queue.md): a waiting room per high-demand event, a pre-queue
-- ordered by a committed random seed, admission passes bounded by free checkout capacity.

-- The producer's switch: a high-demand event sells only through its queue. The waiting room
-- opens at `queue_opens_at`; those who arrive before `queue_sale_starts_at` form the pre-queue
-- and are shuffled at that moment; `checkout_capacity` is how many people may be buying at once.
ALTER TABLE events ADD COLUMN high_demand boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN queue_opens_at timestamptz;
ALTER TABLE events ADD COLUMN queue_sale_starts_at timestamptz;
ALTER TABLE events ADD COLUMN checkout_capacity integer NOT NULL DEFAULT 200 CHECK (checkout_capacity >= 1);
ALTER TABLE events ADD CONSTRAINT events_queue_times_check
  CHECK (NOT high_demand OR (queue_opens_at IS NOT NULL AND queue_sale_starts_at IS NOT NULL
    AND queue_sale_starts_at >= queue_opens_at));

-- One row per event with a queue, created when its waiting room is first read.
CREATE TABLE virtual_queues (
  event_id integer PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
  -- 32 random bytes, secret until the pre-queue is ordered; sha256(seed) is published from the start.
  seed bytea NOT NULL,
  commitment text NOT NULL,
  -- Set when the pre-queue got its places; the seed is public from then on.
  ordered_at timestamptz,
  pre_queue_size integer NOT NULL DEFAULT 0,
  -- The place the next late arrival gets (places are 1, 2, 3… with no gaps).
  next_place bigint NOT NULL DEFAULT 1,
  -- Every place up to this one has been admitted (the serving position).
  admitted_through bigint NOT NULL DEFAULT 0,
  -- People admitted per minute over the last five minutes, for the estimated wait.
  admitted_per_minute real NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One entry per customer and per CPF in each queue.
CREATE TABLE virtual_queue_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES virtual_queues(event_id) ON DELETE CASCADE,
  -- Pseudonymous id published on the verification page (the shuffle's input).
  public_id text NOT NULL,
  customer_id integer NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  cpf text NOT NULL,
  joined_at timestamptz NOT NULL,
  pre_queue boolean NOT NULL,
  -- NULL only for pre-queue entries before the shuffle.
  place bigint,
  -- The place the shuffle gave a pre-queue entry; kept when the entry later goes to the back.
  drawn_place bigint,
  status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'admitted')),
  admitted_at timestamptz,
  -- The live admission pass: its JWT id, expiry, and first use by a hold, reservation or payment.
  pass_id text,
  pass_expires_at timestamptz,
  pass_used_at timestamptz,
  UNIQUE (event_id, customer_id),
  UNIQUE (event_id, cpf),
  UNIQUE (event_id, public_id),
  UNIQUE (event_id, place)
);
-- Admission takes the next waiting places; unused passes are counted against capacity.
CREATE INDEX virtual_queue_entries_waiting_idx ON virtual_queue_entries (event_id, place) WHERE status = 'waiting';
CREATE INDEX virtual_queue_entries_passes_idx ON virtual_queue_entries (event_id, pass_expires_at)
  WHERE status = 'admitted' AND pass_used_at IS NULL;
CREATE INDEX virtual_queue_entries_admitted_idx ON virtual_queue_entries (event_id, admitted_at)
  WHERE admitted_at IS NOT NULL;
