-- A share's link may be e-mailed more than once (the leader's resend, the sweep of lost
-- invitations, the notice that the group closed): each e-mail carries a new token and every
-- token stays valid, so a page opened from an earlier e-mail keeps following the share.
-- `shared_payment_shares.token_hash` is the first link's; later ones are here (sha256 too).
CREATE TABLE shared_payment_share_tokens (
  token_hash text PRIMARY KEY,
  share_id integer NOT NULL REFERENCES shared_payment_shares(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shared_payment_share_tokens_share_idx ON shared_payment_share_tokens (share_id);
