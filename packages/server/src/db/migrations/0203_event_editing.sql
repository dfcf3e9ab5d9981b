-- Editing events in the producer area (docs/producers.md, "Editing an event").
-- The refund policy is the producer's own text, shown to buyers on the event's page.
ALTER TABLE events ADD COLUMN refund_policy text NOT NULL DEFAULT ''
  CHECK (length(refund_policy) <= 2000);

-- A published event whose date or venue changed is "changed": `events.changed_at` (0075),
-- which the refund policy already reads to open refunds for every buyer (docs/refunds.md).
-- Its status stays 'published', so it keeps selling and every rule that reads the status
-- keeps working. Each such change is kept with what it was before, for the buyers' e-mail
-- (`buyers_notified_at`, set once they are told).
CREATE TABLE event_changes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  changed_by integer REFERENCES customers(id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL,
  -- The date and venue before and after: { startsAt, endsAt, venue, city }.
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  buyers_notified_at timestamptz
);
CREATE INDEX event_changes_event_idx ON event_changes (event_id, changed_at);
