-- Resale proceeds are held until the resold ticket can no longer be refunded (docs/resale.md,
-- "Settlement"): the price stays in platform_clearing from the sale until the event has
-- ended, when the resale.release-proceeds job credits the seller. A refund of the buyer's
-- ticket before that undoes the sale instead (the seller's ticket comes back to life).
-- When the held price reached the seller (the resale_sale movement's time).
ALTER TABLE resale_listings ADD COLUMN proceeds_released_at timestamptz;
-- When a refund of the buyer's ticket undid the sale: its proceeds are never released.
ALTER TABLE resale_listings ADD COLUMN undone_at timestamptz;
ALTER TABLE resale_listings ADD CONSTRAINT resale_listings_released_or_undone
  CHECK (proceeds_released_at IS NULL OR undone_at IS NULL);
-- The release job's sweep: sold listings whose proceeds are still held.
CREATE INDEX resale_listings_held_idx ON resale_listings (event_id)
  WHERE status = 'sold' AND proceeds_released_at IS NULL AND undone_at IS NULL;
