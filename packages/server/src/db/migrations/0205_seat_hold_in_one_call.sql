-- A seat hold in one round trip (docs/seat-holds.md, "Speed"): the per-holder call limit,
-- the virtual queue's gate, the holder's and the address's caps, the time cap per seat and
-- the all-or-none hold itself, in one function the API host calls with one statement. It
-- does what the host used to do in ten statements inside one transaction, in the same
-- order and under the same advisory locks. Each statement of a PL/pgSQL function takes a
-- fresh snapshot under READ COMMITTED, so the counts after the locks see every hold
-- committed before them, exactly as the separate statements did.
--
-- Answers one row: outcome 'held' (with held_until), 'taken', 'holder_cap', 'address_cap',
-- 'time_cap', 'pass_required' (the event sells only with a queue pass and none came) or
-- 'rate_limited' (with retry_ms).
CREATE FUNCTION plateia_hold_seats(
  p_event integer,
  p_seats integer[],
  p_session text,
  p_hold_seconds integer,
  p_account integer,
  p_address text,
  p_holder text,
  p_seats_per_holder integer,
  p_seats_per_address integer,
  p_seconds_per_seat integer,
  p_usage_window_hours integer,
  -- The gate: when p_gate_at is not null and the event is gated at that time, no hold.
  p_gate_at timestamptz,
  -- The per-holder call limit in rate_limit_counters (null key: counted elsewhere).
  p_rate_key text,
  p_rate_max integer,
  p_rate_window_ms bigint
) RETURNS TABLE (outcome text, held_until timestamptz, retry_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[] := ARRAY(SELECT DISTINCT unnest(p_seats) ORDER BY 1);
  v_n integer := cardinality(v_ids);
  v_now_ms bigint := floor(extract(epoch FROM clock_timestamp()) * 1000);
  v_points integer;
  v_expire bigint;
  v_count integer;
  v_left integer;
  v_seconds integer;
  v_until timestamptz;
BEGIN
  IF p_rate_key IS NOT NULL THEN
    INSERT INTO rate_limit_counters AS c (key, points, expire)
      VALUES (p_rate_key, 1, v_now_ms + p_rate_window_ms)
      ON CONFLICT (key) DO UPDATE SET
        points = CASE WHEN c.expire <= v_now_ms THEN 1 ELSE c.points + 1 END,
        expire = CASE WHEN c.expire <= v_now_ms THEN EXCLUDED.expire ELSE c.expire END
      RETURNING c.points, c.expire INTO v_points, v_expire;
    IF v_points > p_rate_max THEN
      RETURN QUERY SELECT 'rate_limited'::text, NULL::timestamptz, greatest(v_expire - v_now_ms, 0);
      RETURN;
    END IF;
  END IF;

  IF p_gate_at IS NOT NULL AND EXISTS (
    SELECT 1 FROM events e
    WHERE e.id = p_event AND e.status <> 'draft' AND e.high_demand AND p_gate_at < e.ends_at
  ) THEN
    RETURN QUERY SELECT 'pass_required'::text, NULL::timestamptz, NULL::bigint;
    RETURN;
  END IF;

  IF v_n = 0 THEN
    RETURN QUERY SELECT 'taken'::text, NULL::timestamptz, NULL::bigint;
    RETURN;
  END IF;

  PERFORM pg_advisory_xact_lock(hashtextextended('seat-hold:' || p_event || ':' || p_holder, 0));
  IF p_account IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('seat-hold:' || p_event || ':address:' || p_address, 0));
  END IF;

  SELECT count(*) INTO v_count FROM seats s
  WHERE s.event_id = p_event AND s.held_until > now() AND s.state = 'available' AND NOT (s.id = ANY(v_ids))
    AND CASE WHEN p_account IS NOT NULL THEN s.hold_account = p_account
             ELSE s.held_by = p_session AND s.hold_account IS NULL END;
  IF v_count + v_n > p_seats_per_holder THEN
    RETURN QUERY SELECT 'holder_cap'::text, NULL::timestamptz, NULL::bigint;
    RETURN;
  END IF;
  IF p_account IS NULL THEN
    SELECT count(*) INTO v_count FROM seats s
    WHERE s.event_id = p_event AND s.held_until > now() AND s.state = 'available' AND NOT (s.id = ANY(v_ids))
      AND s.hold_account IS NULL AND s.hold_address = p_address;
    IF v_count + v_n > p_seats_per_address THEN
      RETURN QUERY SELECT 'address_cap'::text, NULL::timestamptz, NULL::bigint;
      RETURN;
    END IF;
  END IF;

  -- The hold ends no later than the holder's first hold of any of these seats allows.
  DELETE FROM seat_hold_usage u
  WHERE u.seat_id = ANY(v_ids) AND u.first_held_at < now() - make_interval(hours => p_usage_window_hours);
  SELECT floor(extract(epoch FROM min(u.first_held_at) + make_interval(secs => p_seconds_per_seat) - now()))::integer
    INTO v_left
  FROM seat_hold_usage u WHERE u.holder = p_holder AND u.seat_id = ANY(v_ids);
  v_left := coalesce(v_left, p_seconds_per_seat);
  IF v_left <= 0 THEN
    RETURN QUERY SELECT 'time_cap'::text, NULL::timestamptz, NULL::bigint;
    RETURN;
  END IF;
  v_seconds := least(p_hold_seconds, v_left, p_seconds_per_seat);

  -- The all-or-none conditional UPDATE of seat-hold/hold.ts (holdSeatsQuery), unchanged.
  WITH free AS (
    SELECT s.id FROM seats s
    WHERE s.event_id = p_event AND s.id = ANY(v_ids) AND s.state = 'available'
      AND (s.held_until IS NULL OR s.held_until <= now()
        OR (s.held_by = p_session AND (s.hold_account IS NULL OR s.hold_account = p_account)))
    ORDER BY s.id
    FOR UPDATE
  ), held AS (
    UPDATE seats SET
      held_until = CASE WHEN seats.held_by = p_session AND seats.held_until > now()
        THEN greatest(seats.held_until, now() + make_interval(secs => v_seconds))
        ELSE now() + make_interval(secs => v_seconds) END,
      order_id = CASE WHEN seats.held_by = p_session AND seats.held_until > now() THEN seats.order_id ELSE NULL END,
      held_by = p_session,
      hold_account = p_account,
      hold_address = p_address
    WHERE seats.id IN (SELECT id FROM free) AND (SELECT count(*) FROM free) = v_n
    RETURNING seats.held_until
  )
  SELECT count(*), max(held.held_until) INTO v_count, v_until FROM held;
  IF v_count <> v_n THEN
    RETURN QUERY SELECT 'taken'::text, NULL::timestamptz, NULL::bigint;
    RETURN;
  END IF;

  INSERT INTO seat_hold_usage (seat_id, holder, first_held_at)
    SELECT unnest(v_ids), p_holder, now()
    ON CONFLICT (seat_id, holder) DO NOTHING;
  RETURN QUERY SELECT 'held'::text, v_until, NULL::bigint;
END;
$$;
