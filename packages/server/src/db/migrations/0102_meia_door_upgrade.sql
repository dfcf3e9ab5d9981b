-- Meia-entrada at the door (docs/meia-entrada.md): the holder of a meia ticket may pay the
-- difference to a full ticket at the door, the producer's call. The money is received by
-- the producer at the door, so the ledger gets an account for it: `door_in` (money received
-- at the event's door, like pix_in / card_in, normally <= 0).
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN (
  'customer_wallet', 'producer_revenue', 'platform_fees', 'platform_clearing',
  'pix_in', 'card_in', 'pix_out', 'card_out',
  'door_in'             -- money the producer received at the door (a meia paid up to full)
));

-- A meia ticket paid up to full at the door: once per ticket (the primary key), by whom and
-- how much. The ticket then reads as a full ticket at the door.
CREATE TABLE meia_upgrades (
  ticket_id integer PRIMARY KEY REFERENCES tickets(id) ON DELETE CASCADE,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  difference_cents integer NOT NULL CHECK (difference_cents >= 0),
  recorded_by integer REFERENCES customers(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
