-- Meia-entrada follows the ticket (docs/meia-entrada.md, "Transfer and resale keep the
-- beneficiary"): a ticket names the order line that holds its meia's beneficiary. For a
-- ticket bought as a meia it is its own line; for a ticket bought on resale it is the line
-- of the ticket it replaced, hop after hop, so the door still asks for the beneficiary's
-- document and the quota counts that meia once, on whichever ticket is live.

ALTER TABLE tickets ADD COLUMN meia_item_id integer REFERENCES order_items(id);

-- Tickets bought as meias.
UPDATE tickets t SET meia_item_id = t.order_item_id
FROM order_items i
WHERE i.id = t.order_item_id AND i.meia_category IS NOT NULL AND t.meia_item_id IS NULL;

-- Tickets bought on resale, down every chain of resales.
WITH RECURSIVE chain (ticket_id, meia_item_id) AS (
  SELECT t.id, t.meia_item_id FROM tickets t WHERE t.meia_item_id IS NOT NULL
  UNION
  SELECT n.id, c.meia_item_id
  FROM chain c
  JOIN resale_listings l ON l.ticket_id = c.ticket_id
  JOIN order_items i ON i.resale_listing_id = l.id AND i.kind = 'resale'
  JOIN tickets n ON n.order_item_id = i.id
)
UPDATE tickets t SET meia_item_id = c.meia_item_id
FROM chain c
WHERE c.ticket_id = t.id AND t.meia_item_id IS NULL;

CREATE INDEX tickets_meia_item_idx ON tickets (meia_item_id) WHERE meia_item_id IS NOT NULL;
