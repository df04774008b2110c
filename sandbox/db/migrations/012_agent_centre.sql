-- Agent centre, issue 15 leftovers: the invitation codes an agent creates and disables in the
-- registration centre (the account's own code stays in members.profile.invitationCode). Times are epoch ms.

CREATE TABLE IF NOT EXISTS agent_invitations (
  -- Stored upper-case: codes are matched without regard to case.
  code text PRIMARY KEY CHECK (code = upper(code)),
  agent_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  disabled_at bigint,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_invitations_agent ON agent_invitations (agent_id, created_at DESC);
-- Accounts registered with a code (registrations keep the code in profile.affiliateCode).
CREATE INDEX IF NOT EXISTS members_affiliate_code ON members ((profile->>'affiliateCode')) WHERE profile->>'affiliateCode' IS NOT NULL;

-- Announcements to agents (SPEC §2 agentAnnouncement), plain text in EN and ES; the seed adds a few.
CREATE TABLE IF NOT EXISTS agent_announcements (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_es text NOT NULL,
  content_en text NOT NULL,
  content_es text NOT NULL,
  start_time bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS agent_announcements_start ON agent_announcements (start_time DESC);

-- Roll-up of rounds per member and UTC day, for the team overview and the profit and loss statement
-- (10,000 downlines and 1,000,000 rounds within 300 ms p95). Kept by statement
-- triggers on rounds (one upsert per statement, so a bulk insert pays once), from the same rules as the
-- reports: bets are every stake; valid bets and win/loss count settled rounds only, and a stake paid
-- back exactly is not a valid bet.
CREATE TABLE IF NOT EXISTS agent_member_days (
  member_id text NOT NULL,
  day int NOT NULL,
  rounds int NOT NULL,
  bets bigint NOT NULL,
  valid_bets bigint NOT NULL,
  profit_loss bigint NOT NULL,
  PRIMARY KEY (member_id, day)
);
CREATE INDEX IF NOT EXISTS agent_member_days_day ON agent_member_days (day, member_id) INCLUDE (rounds, bets, valid_bets, profit_loss);

-- One function for the three events: PL/pgSQL plans a statement when it first runs it, so each branch
-- names only the transition tables its event has.
CREATE OR REPLACE FUNCTION agent_member_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, -1 AS sign FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss;
  ELSE
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss)
    SELECT member_id, floor(created_at / 86400000.0)::int, sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new UNION ALL SELECT member_id, created_at, stake, payout, status, -1 FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss;
  END IF;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS agent_member_days_ins ON rounds;
DROP TRIGGER IF EXISTS agent_member_days_upd ON rounds;
DROP TRIGGER IF EXISTS agent_member_days_del ON rounds;
CREATE TRIGGER agent_member_days_ins AFTER INSERT ON rounds REFERENCING NEW TABLE AS agent_new FOR EACH STATEMENT EXECUTE FUNCTION agent_member_days_apply();
CREATE TRIGGER agent_member_days_upd AFTER UPDATE ON rounds REFERENCING OLD TABLE AS agent_old NEW TABLE AS agent_new FOR EACH STATEMENT EXECUTE FUNCTION agent_member_days_apply();
CREATE TRIGGER agent_member_days_del AFTER DELETE ON rounds REFERENCING OLD TABLE AS agent_old FOR EACH STATEMENT EXECUTE FUNCTION agent_member_days_apply();

-- Rounds already there.
INSERT INTO agent_member_days (member_id, day, rounds, bets, valid_bets, profit_loss)
SELECT member_id, floor(created_at / 86400000.0)::int, count(*)::int, sum(stake),
  sum(CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
  sum(CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END)
FROM rounds GROUP BY 1, 2
ON CONFLICT (member_id, day) DO NOTHING;

-- Deposits and withdrawals per member and UTC day, for the team overview: kept by a statement trigger
-- on ledger entries (insert-only), so a report reads one row per member and day instead of every entry.
-- Withdrawals leave the main wallet on hold (back on release) or are paid in one step.
CREATE TABLE IF NOT EXISTS agent_member_cash_days (
  member_id text NOT NULL,
  day int NOT NULL,
  deposits bigint NOT NULL,
  withdrawals bigint NOT NULL,
  PRIMARY KEY (member_id, day)
);
CREATE INDEX IF NOT EXISTS agent_member_cash_days_day ON agent_member_cash_days (day, member_id) INCLUDE (deposits, withdrawals);

CREATE OR REPLACE FUNCTION agent_member_cash_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_member_cash_days AS c (member_id, day, deposits, withdrawals)
  SELECT substring(e.account_id from '^member:(.*):main$'), floor(extract(epoch from e.created_at) / 86400)::int,
    coalesce(sum(e.amount) FILTER (WHERE t.kind = 'deposit'), 0), coalesce(-sum(e.amount) FILTER (WHERE t.kind <> 'deposit'), 0)
  FROM agent_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE e.account_id LIKE 'member:%:main' AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid')
  GROUP BY 1, 2
  ON CONFLICT (member_id, day) DO UPDATE SET deposits = c.deposits + excluded.deposits, withdrawals = c.withdrawals + excluded.withdrawals;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS agent_member_cash_days_ins ON ledger_entries;
CREATE TRIGGER agent_member_cash_days_ins AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS agent_entries FOR EACH STATEMENT EXECUTE FUNCTION agent_member_cash_days_apply();

INSERT INTO agent_member_cash_days (member_id, day, deposits, withdrawals)
SELECT substring(e.account_id from '^member:(.*):main$'), floor(extract(epoch from e.created_at) / 86400)::int,
  coalesce(sum(e.amount) FILTER (WHERE t.kind = 'deposit'), 0), coalesce(-sum(e.amount) FILTER (WHERE t.kind <> 'deposit'), 0)
FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
WHERE e.account_id LIKE 'member:%:main' AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid')
GROUP BY 1, 2
ON CONFLICT (member_id, day) DO NOTHING;
