-- Player protection: limits, reality check, time-out and self-exclusion, and their audit.
-- Times are epoch milliseconds (bigint) so the server's injectable clock governs every wait.

-- One row per member who ever touched the page or played under a limit. Every deposit and stake
-- locks this row first (SELECT … FOR UPDATE) in the transaction that moves the money, so two
-- concurrent stakes cannot both pass a limit on what the other has not yet recorded.
CREATE TABLE IF NOT EXISTS protect_members (
  member_id text PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  reality_minutes int NOT NULL DEFAULT 60,
  session_minutes int,
  session_pending int,
  session_pending_remove boolean NOT NULL DEFAULT false,
  session_pending_at bigint,
  -- 'timeout' | 'self_exclusion' while one runs (until > now)
  break_kind text,
  break_until bigint,
  -- the deposit-limit question: answered (set or skipped) at, and the last 6-month review
  prompted_at bigint,
  reviewed_at bigint
);

-- Money limits: kind deposit | loss | wager over period day | week | month. amount NULL: none in
-- force (a pending one may wait). A raise or removal waits in pending_* until pending_at, then the
-- player's second confirmation applies it.
CREATE TABLE IF NOT EXISTS protect_limits (
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL,
  period text NOT NULL,
  amount bigint,
  pending_amount bigint,
  pending_remove boolean NOT NULL DEFAULT false,
  pending_at bigint,
  PRIMARY KEY (member_id, kind, period)
);

CREATE TABLE IF NOT EXISTS protect_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  action text NOT NULL,
  detail text NOT NULL DEFAULT '',
  ip text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS protect_audit_member ON protect_audit (member_id, at DESC);
CREATE INDEX IF NOT EXISTS deposit_orders_member_time ON deposit_orders (member_id, created_at);
CREATE INDEX IF NOT EXISTS lottery_bets_member_time ON lottery_bets (member_id, created_at);
