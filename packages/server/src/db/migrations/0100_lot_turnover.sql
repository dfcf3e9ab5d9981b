-- Lot turnover ("virada de lote", docs/buying.md): a reservation that finds the current lot
-- short checks whether reservations past their expiry still hold its units (they must be
-- sold again before the next lot opens), and reads count them as available. Both look up
-- the ticket lines of one lot.
CREATE INDEX order_items_ticket_type_idx ON order_items (ticket_type_id) WHERE kind = 'ticket';
