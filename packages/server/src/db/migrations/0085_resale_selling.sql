-- Selling a ticket on resale (docs/resale.md). A listing keeps the resale fee quoted to the
-- seller when it was created, so what the seller was shown ("Você recebe R$ X") is what the
-- settlement credits even if the fee setting changes meanwhile. NULL (listings created
-- before this column, such as the demo seed's) takes the setting in force at settlement.
ALTER TABLE resale_listings ADD COLUMN fee_cents integer CHECK (fee_cents >= 0);
-- When the listing stopped being on offer: withdrawn by its seller or sold.
ALTER TABLE resale_listings ADD COLUMN closed_at timestamptz;
-- A listing's fee never exceeds its price: the seller always receives something.
ALTER TABLE resale_listings ADD CONSTRAINT resale_listings_fee_within_price CHECK (fee_cents IS NULL OR fee_cents <= price_cents);
-- "Minhas revendas": a seller's listings, newest first.
CREATE INDEX resale_listings_seller_idx ON resale_listings (seller_id, id);
