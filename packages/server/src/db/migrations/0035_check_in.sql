-- Door check-in (docs/check-in.md): every scan, online or uploaded later by an offline
-- scanner, is recorded once per client nonce. A ticket admitted by more than one scan is a
-- conflict the producer sees in the report; nothing here prevents it, because two offline
-- scanners cannot know of each other.

CREATE TABLE check_in_scans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  -- The scanner's random id for this scan: an upload sent twice records it once.
  nonce uuid NOT NULL,
  -- The scanner (one browser profile) that made it.
  device_id text NOT NULL,
  scanned_by integer REFERENCES customers(id) ON DELETE SET NULL,
  -- What the code named; no foreign key, since a wrong or forged code may name any id.
  ticket_id integer,
  holder_version integer,
  mode text NOT NULL CHECK (mode IN ('online', 'offline')),
  verdict text NOT NULL CHECK (verdict IN ('admitted', 'already_used', 'wrong_event', 'old_code', 'invalid_code',
    'unreadable', 'cancelled', 'transferred', 'resold', 'refunded', 'not_admissible')),
  admitted boolean NOT NULL,
  -- The scanner's clock for offline scans, the server's for online ones.
  scanned_at timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT check_in_scans_nonce_key UNIQUE (event_id, nonce)
);
-- The conflict report groups admitted scans per ticket.
CREATE INDEX check_in_scans_admitted_idx ON check_in_scans (event_id, ticket_id) WHERE admitted;

-- The manifest reads tickets in (updated_at, id) order per event from a cursor, on the
-- index 0030_ticket_keys.sql creates; its trigger bumps updated_at on every admission.
