-- Who holds a seat beyond the browser session: the account when the hold came with a
-- session token, and the network address it came from (docs/security.md "Abuse limits").
-- The seat-hold caps count live holds by account, by session and, for holds without an
-- account, by address, per event.
ALTER TABLE seats ADD COLUMN hold_account integer;
ALTER TABLE seats ADD COLUMN hold_address text;
CREATE INDEX seats_held_by_idx ON seats (event_id, held_by) WHERE held_by IS NOT NULL;
CREATE INDEX seats_hold_account_idx ON seats (event_id, hold_account) WHERE hold_account IS NOT NULL;
CREATE INDEX seats_hold_address_idx ON seats (event_id, hold_address) WHERE hold_address IS NOT NULL;

-- When each holder first held each seat, so refreshing (or releasing and holding again)
-- cannot keep one seat for longer than the cap. A row older than the window starts over.
CREATE TABLE seat_hold_usage (
  seat_id integer NOT NULL REFERENCES seats(id) ON DELETE CASCADE,
  holder text NOT NULL,
  first_held_at timestamptz NOT NULL,
  PRIMARY KEY (seat_id, holder)
);
CREATE INDEX seat_hold_usage_first_idx ON seat_hold_usage (first_held_at);
