-- Meia-entrada (Lei 12.933/2013, Decreto 8.537/2015; docs/meia-entrada.md).
--
-- Each event has one quota row: at least 40% (`percent_bps` >= 4000) of the tickets offered
-- to the public are sold at half price, plus any the producer adds (`extra`). `quantity` is
-- that quota, recomputed from the event's lots and seats by `refreshMeiaQuota`; `taken`
-- counts the meias held by live or not-yet-reclaimed reservations and paid orders, and
-- moves only by conditional UPDATEs, like a lot's counters. The CHECK makes more meias than
-- the quota impossible even if a statement were wrong.
CREATE TABLE meia_quotas (
  event_id integer PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
  percent_bps integer NOT NULL DEFAULT 4000 CHECK (percent_bps BETWEEN 4000 AND 10000),
  extra integer NOT NULL DEFAULT 0 CHECK (extra >= 0),
  quantity integer NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  taken integer NOT NULL DEFAULT 0 CHECK (taken >= 0),
  -- State categories the event also accepts: [{ "id", "label", "documents": [text] }].
  state_categories jsonb NOT NULL DEFAULT '[]'::jsonb,
  CHECK (taken <= quantity)
);

-- A meia ticket line names its beneficiary (Decreto 8.537 art. 12: the ticket carries it).
ALTER TABLE order_items
  ADD COLUMN meia_category text,
  ADD COLUMN meia_name text,
  ADD COLUMN meia_document text,
  ADD CONSTRAINT order_items_meia_complete CHECK (
    (meia_category IS NULL) = (meia_name IS NULL) AND (meia_category IS NULL) = (meia_document IS NULL)
  );

-- One beneficiary per event: a document number holds at most one meia of the event at a
-- time. The claim belongs to the order that holds it; an ended order's claim is deleted
-- with its stock (`returnStock`) and an expired one's may be taken over.
CREATE TABLE meia_claims (
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  document text NOT NULL,
  order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, document)
);
CREATE INDEX meia_claims_order_idx ON meia_claims (order_id);

-- Every event has its quota: 40% of general-admission units plus seats on sale.
INSERT INTO meia_quotas (event_id, quantity)
SELECT e.id,
  ceil((
    coalesce((SELECT sum(t.quantity) FROM ticket_types t
              WHERE t.event_id = e.id AND NOT t.numbered AND t.status <> 'hidden'), 0)
    + (SELECT count(*) FROM seats s WHERE s.event_id = e.id AND s.state <> 'blocked')
  ) * 4000 / 10000.0)::int
FROM events e;
