-- A transfer to an e-mail that had no verified account when it was sent is accepted by
-- itself once that e-mail signs up and is verified (docs/tickets.md), like tickets bought
-- for someone else's e-mail. A transfer to an existing account waits for its acceptance.
ALTER TABLE ticket_transfers ADD COLUMN accept_on_sign_up boolean NOT NULL DEFAULT false;
