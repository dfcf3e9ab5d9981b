-- A shared payment's seats are held for its order (docs/shared-payments.md, "Creating"):
-- 'order:{id}', which no client session id can be (SessionIdSchema has no ':'), instead of
-- the guessable 'shared-payment-{groupId}' a stranger could release or reserve with.
UPDATE orders SET session_id = 'order:' || id
WHERE session_id LIKE 'shared-payment-%' AND EXISTS (SELECT 1 FROM shared_payments g WHERE g.order_id = orders.id);
UPDATE seats s SET held_by = 'order:' || s.order_id, hold_account = NULL, hold_address = NULL
WHERE s.held_by LIKE 'shared-payment-%' AND s.order_id IS NOT NULL;
