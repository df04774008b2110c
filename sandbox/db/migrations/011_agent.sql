-- Agent centre (SPEC §2, §3, §4, §9): contracts between an upline and a direct downline, every state
-- change of a contract with who and when, and the payouts of pay runs (one per contract and period,
-- so a re-run pays nothing twice). Money itself moves only in the ledger. Times are epoch ms.

CREATE TABLE IF NOT EXISTS agent_contracts (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
  upline_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  downline_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('offered', 'active', 'rejected', 'terminated')),
  -- dividend: weekly…; salaries are daily, hourly or every 5 minutes by kind
  period text NOT NULL CHECK (period IN ('5min', 'hourly', 'daily', 'weekly', 'semimonthly', 'monthly')),
  -- basis points (1/100 of a percent)
  rate_bp int NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  win_rate_bp int NOT NULL DEFAULT 0 CHECK (win_rate_bp BETWEEN 0 AND 10000),
  loss_rate_bp int NOT NULL DEFAULT 0 CHECK (loss_rate_bp BETWEEN 0 AND 10000),
  min_active int NOT NULL DEFAULT 0,
  min_valid_bet bigint NOT NULL DEFAULT 0,
  min_loss bigint NOT NULL DEFAULT 0,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);
-- One live (offered or active) contract of a kind per downline.
CREATE UNIQUE INDEX IF NOT EXISTS agent_contracts_live ON agent_contracts (downline_id, kind) WHERE status IN ('offered', 'active');
CREATE INDEX IF NOT EXISTS agent_contracts_upline ON agent_contracts (upline_id, created_at DESC);

CREATE TABLE IF NOT EXISTS agent_contract_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contract_id text NOT NULL REFERENCES agent_contracts (id) ON DELETE CASCADE,
  status text NOT NULL,
  actor_id text NOT NULL,
  -- offered, accepted, rejected, terminated, lower_rate (terminated by the upline's lower rate)
  reason text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_contract_events_contract ON agent_contract_events (contract_id, id);

CREATE TABLE IF NOT EXISTS agent_payouts (
  contract_id text NOT NULL REFERENCES agent_contracts (id) ON DELETE CASCADE,
  period_start bigint NOT NULL,
  period_end bigint NOT NULL,
  member_id text NOT NULL,
  kind text NOT NULL,
  amount bigint NOT NULL,
  basis jsonb NOT NULL,
  transaction_id text,
  created_at bigint NOT NULL,
  PRIMARY KEY (contract_id, period_start)
);
CREATE INDEX IF NOT EXISTS agent_payouts_member ON agent_payouts (member_id, period_start DESC);

-- Reports walk rounds by time for a set of members.
CREATE INDEX IF NOT EXISTS rounds_time_member ON rounds (created_at, member_id);
