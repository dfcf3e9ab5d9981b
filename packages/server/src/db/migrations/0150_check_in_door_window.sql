-- Door check-in counts admissions only inside the event's door window, and checks the code
-- of every admission an offline scanner uploads (docs/check-in.md, "Door window" and
-- "Checked at upload"). A scan outside the window is `door_closed`; an uploaded admission
-- the server did not count keeps why in `refused_reason`, so a batch sent again answers
-- the same refusals.

ALTER TABLE check_in_scans DROP CONSTRAINT check_in_scans_verdict_check;
ALTER TABLE check_in_scans ADD CONSTRAINT check_in_scans_verdict_check
  CHECK (verdict IN ('admitted', 'already_used', 'wrong_event', 'old_code', 'invalid_code',
    'unreadable', 'cancelled', 'transferred', 'resold', 'refunded', 'not_admissible', 'door_closed'));

ALTER TABLE check_in_scans ADD COLUMN refused_reason text
  CHECK (refused_reason IN ('missing_code', 'invalid_code', 'wrong_event', 'door_closed', 'future'));
