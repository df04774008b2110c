-- Agent reports count days in the platform's time zone: a day of the per-member
-- roll-ups (`agent_member_days`, `agent_member_cash_days`) is now a local date of the zone kept in
-- `agent_rollup_zone` (days since 1970-01-01), not a UTC day. Keyed by local date (one row per member
-- and day, as before, so the reports read no more rows) and rebuilt when the brand's zone changes:
-- every reader asks `sandbox/agent/zone.ts` for the zone, which rebuilds the roll-ups under a lock
-- when `settings.brand.timeZone` and this row differ, so a changed setting never mixes two zones.
CREATE TABLE IF NOT EXISTS agent_rollup_zone (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  zone text NOT NULL
);

-- The local date (days since 1970-01-01) of an instant in epoch ms, in zone `z`.
CREATE OR REPLACE FUNCTION agent_zone_day(ms bigint, z text) RETURNS int LANGUAGE sql STABLE AS $$
  SELECT ((to_timestamp(ms / 1000.0) AT TIME ZONE z)::date - DATE '1970-01-01')
$$;

CREATE OR REPLACE FUNCTION agent_member_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text := coalesce((SELECT zone FROM agent_rollup_zone), 'UTC');
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, agent_zone_day(created_at, z), sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, agent_zone_day(created_at, z), sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, -1 AS sign FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  ELSE
    INSERT INTO agent_member_days AS d (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
    SELECT member_id, agent_zone_day(created_at, z), sum(sign)::int, sum(sign * stake),
      sum(sign * CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
      sum(sign * CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
    FROM (SELECT member_id, created_at, stake, payout, status, 1 AS sign FROM agent_new UNION ALL SELECT member_id, created_at, stake, payout, status, -1 FROM agent_old) x GROUP BY 1, 2
    ON CONFLICT (member_id, day) DO UPDATE SET rounds = d.rounds + excluded.rounds, bets = d.bets + excluded.bets,
      valid_bets = d.valid_bets + excluded.valid_bets, profit_loss = d.profit_loss + excluded.profit_loss,
      won_stake = d.won_stake + excluded.won_stake, lost_stake = d.lost_stake + excluded.lost_stake;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION agent_member_cash_days_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  z text := coalesce((SELECT zone FROM agent_rollup_zone), 'UTC');
BEGIN
  INSERT INTO agent_member_cash_days AS c (member_id, day, deposits, withdrawals)
  SELECT substring(e.account_id from '^member:(.*):main$'), ((e.created_at AT TIME ZONE z)::date - DATE '1970-01-01'),
    coalesce(sum(e.amount) FILTER (WHERE t.kind = 'deposit'), 0), coalesce(-sum(e.amount) FILTER (WHERE t.kind <> 'deposit'), 0)
  FROM agent_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE e.account_id LIKE 'member:%:main' AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid')
  GROUP BY 1, 2
  ON CONFLICT (member_id, day) DO UPDATE SET deposits = c.deposits + excluded.deposits, withdrawals = c.withdrawals + excluded.withdrawals;
  RETURN NULL;
END $$;

-- Both roll-ups again from the rounds and the ledger, in zone `z` (the caller holds the lock and
-- checked the name); records `z` as the roll-ups' zone in the same transaction.
CREATE OR REPLACE FUNCTION agent_rollups_rebuild(z text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- No round or entry written meanwhile under the old zone: writers wait until this commits (their
  -- triggers then read the new zone), and the ones under way finish first.
  LOCK TABLE rounds, ledger_entries IN SHARE MODE;
  INSERT INTO agent_rollup_zone (id, zone) VALUES (true, z) ON CONFLICT (id) DO UPDATE SET zone = excluded.zone;
  DELETE FROM agent_member_days;
  INSERT INTO agent_member_days (member_id, day, rounds, bets, valid_bets, profit_loss, won_stake, lost_stake)
  SELECT member_id, agent_zone_day(created_at, z), count(*)::int, sum(stake),
    sum(CASE WHEN status = 'settled' AND payout <> stake THEN stake ELSE 0 END),
    sum(CASE WHEN status = 'settled' THEN payout - stake ELSE 0 END),
    sum(CASE WHEN status = 'settled' AND payout > stake THEN stake ELSE 0 END),
    sum(CASE WHEN status = 'settled' AND payout < stake THEN stake ELSE 0 END)
  FROM rounds GROUP BY 1, 2;
  DELETE FROM agent_member_cash_days;
  INSERT INTO agent_member_cash_days (member_id, day, deposits, withdrawals)
  SELECT substring(e.account_id from '^member:(.*):main$'), ((e.created_at AT TIME ZONE z)::date - DATE '1970-01-01'),
    coalesce(sum(e.amount) FILTER (WHERE t.kind = 'deposit'), 0), coalesce(-sum(e.amount) FILTER (WHERE t.kind <> 'deposit'), 0)
  FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
  WHERE e.account_id LIKE 'member:%:main' AND t.kind IN ('deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_paid')
  GROUP BY 1, 2;
END $$;

-- The roll-ups so far are UTC days: say so; the first report rebuilds them in the brand's zone.
INSERT INTO agent_rollup_zone (id, zone) VALUES (true, 'UTC') ON CONFLICT (id) DO NOTHING;
