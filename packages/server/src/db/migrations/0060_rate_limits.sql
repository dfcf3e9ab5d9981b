-- Rate-limit counters shared by every API process (src/rate-limits): one row per limited
-- key (limiter prefix + address, account, order, ...). `expire` is epoch milliseconds, as
-- rate-limiter-flexible counts time; a row past it counts as absent and is swept lazily.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limit_counters_expire_idx ON rate_limit_counters (expire);

-- Pending Google logins are swept by expiry on every insert: index it so the sweep never
-- scans the table, however many an attacker started.
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);
