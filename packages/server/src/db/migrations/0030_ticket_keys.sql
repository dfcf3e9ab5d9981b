-- Rotating ticket codes and transfer by e-mail (docs/tickets.md).

-- Each event's secret key for its tickets' QR codes: 32 bytes. gen_random_uuid() is core
-- PostgreSQL (13+) and PGlite, drawn from the strong random source; two of them give 244
-- random bits without pgcrypto. The default is volatile, so ADD COLUMN evaluates it per
-- existing row and every new event gets its own key too. The key never leaves the API
-- host except towards its producer's scanner, and never reaches a log.
ALTER TABLE events ADD COLUMN ticket_key bytea NOT NULL
  DEFAULT decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex');

-- Bumped whenever a ticket changes hands (transfer acceptance, resale, refund): the secret
-- derives from it, so every code issued before is dead.
ALTER TABLE tickets ADD COLUMN holder_version integer NOT NULL DEFAULT 1 CHECK (holder_version >= 1);

-- The door manifest's cursor. Kept by the trigger below, so no statement that changes a
-- ticket's owner, status or holder version can forget it.
ALTER TABLE tickets ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
UPDATE tickets SET updated_at = created_at;
CREATE INDEX tickets_event_updated_idx ON tickets (event_id, updated_at, id);

CREATE FUNCTION tickets_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TRIGGER tickets_touch_updated_at
  BEFORE UPDATE ON tickets
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.holder_version IS DISTINCT FROM NEW.holder_version
        OR OLD.customer_id IS DISTINCT FROM NEW.customer_id
        OR OLD.holder_email IS DISTINCT FROM NEW.holder_email)
  EXECUTE FUNCTION tickets_touch_updated_at();

-- A transfer by e-mail. The ticket stays 'valid' (its code keeps working for the sender)
-- while the transfer is pending; acceptance moves it to the recipient and bumps the
-- holder version, cancellation leaves it untouched.
CREATE TABLE ticket_transfers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ticket_id integer NOT NULL REFERENCES tickets(id),
  from_customer_id integer NOT NULL REFERENCES customers(id),
  to_email text NOT NULL,
  -- Set on acceptance (an e-mail without an account yet accepts by signing up and verifying).
  to_customer_id integer REFERENCES customers(id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz
);
-- One pending transfer per ticket: the second of two concurrent requests fails here.
CREATE UNIQUE INDEX ticket_transfers_one_pending ON ticket_transfers (ticket_id) WHERE status = 'pending';
CREATE INDEX ticket_transfers_to_email_idx ON ticket_transfers (lower(to_email)) WHERE status = 'pending';
CREATE INDEX ticket_transfers_sender_idx ON ticket_transfers (from_customer_id, created_at);
