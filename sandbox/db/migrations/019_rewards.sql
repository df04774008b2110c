-- The rewards engine: its rules, the activity it is fed, and what it awarded.
-- Rules live here, not in code: what earns points, what completes a mission, what a rank needs, what
-- a rebate pays per category. Every cash award is a ledger transaction from house:promo, charged to a
-- promotion whose budget refuses it once spent; every points award is a row of points_entries.

-- Promotions that pay out of house:promo, each with its budget (minor units) and its wagering multiple.
CREATE TABLE IF NOT EXISTS reward_promotions (
  code text PRIMARY KEY,
  budget bigint NOT NULL CHECK (budget >= 0),
  spent bigint NOT NULL DEFAULT 0 CHECK (spent >= 0),
  turnover int NOT NULL DEFAULT 0 CHECK (turnover >= 0),
  CHECK (spent <= budget)
);
INSERT INTO reward_promotions (code, budget, turnover) VALUES
  ('MISSION', 10000000, 1),
  ('REBATE', 10000000, 0),
  ('REFERRAL', 5000000, 5),
  ('RANK', 5000000, 1),
  ('MALL', 5000000, 1),
  ('POINTS', 5000000, 0),
  ('ACTIVITY', 5000000, 3)
ON CONFLICT DO NOTHING;

-- What earns points: `points` for every `per` minor units of the event's amount (valid bet or deposit).
CREATE TABLE IF NOT EXISTS points_rules (
  trigger text PRIMARY KEY CHECK (trigger IN ('round', 'lottery', 'deposit', 'referral')),
  per bigint NOT NULL CHECK (per > 0),
  points int NOT NULL CHECK (points >= 0)
);
INSERT INTO points_rules (trigger, per, points) VALUES ('round', 1000, 1), ('lottery', 1000, 1), ('deposit', 10000, 5), ('referral', 1, 100)
ON CONFLICT DO NOTHING;

-- The engine's feed: every settled round, lottery bet, paid deposit and referral, once (by key).
CREATE TABLE IF NOT EXISTS reward_events (
  key text PRIMARY KEY,
  member_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('round', 'lottery', 'deposit', 'referral')),
  category text NOT NULL DEFAULT '',
  amount bigint NOT NULL DEFAULT 0,
  valid_bet bigint NOT NULL DEFAULT 0,
  won boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS reward_events_member_time ON reward_events (member_id, created_at);

-- Points: a balance that never goes below zero, and every change with its reason. Points never expire.
CREATE TABLE IF NOT EXISTS points_accounts (
  member_id text PRIMARY KEY,
  balance bigint NOT NULL DEFAULT 0 CHECK (balance >= 0)
);
CREATE TABLE IF NOT EXISTS points_entries (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  member_id text NOT NULL,
  delta bigint NOT NULL,
  reason text NOT NULL,
  ref text NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS points_entries_member ON points_entries (member_id, id DESC);

-- Missions: what completes one (a metric of the period's events reaching its target) and what it pays.
CREATE TABLE IF NOT EXISTS missions (
  id text PRIMARY KEY,
  period text NOT NULL CHECK (period IN ('daily', 'weekly')),
  metric text NOT NULL CHECK (metric IN ('rounds', 'lottery', 'valid_bet', 'wins', 'deposit')),
  target bigint NOT NULL CHECK (target > 0),
  reward bigint NOT NULL CHECK (reward > 0),
  points int NOT NULL DEFAULT 0,
  sort int NOT NULL,
  title_en text NOT NULL,
  title_es text NOT NULL
);
INSERT INTO missions (id, period, metric, target, reward, points, sort, title_en, title_es) VALUES
  ('M-DAILY-ROUNDS', 'daily', 'rounds', 10, 500, 10, 1, 'Play 10 rounds today', 'Juega 10 rondas hoy'),
  ('M-DAILY-LOTTERY', 'daily', 'lottery', 3, 300, 5, 2, 'Play 3 lottery rounds today', 'Juega 3 rondas de lotería hoy'),
  ('M-WEEK-WAGER', 'weekly', 'valid_bet', 50000, 2000, 50, 3, 'Wager 500.00 this week', 'Apuesta 500,00 esta semana'),
  ('M-WEEK-WINS', 'weekly', 'wins', 5, 1000, 20, 4, 'Win 5 rounds this week', 'Gana 5 rondas esta semana'),
  ('M-WEEK-DEPOSIT', 'weekly', 'deposit', 10000, 1000, 20, 5, 'Deposit 100.00 this week', 'Deposita 100,00 esta semana')
ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS mission_claims (
  member_id text NOT NULL,
  mission_id text NOT NULL REFERENCES missions (id),
  period_start bigint NOT NULL,
  award_id text NOT NULL,
  claimed_at bigint NOT NULL,
  PRIMARY KEY (member_id, mission_id, period_start)
);
-- Mission points of the week feed the leaderboard.
CREATE INDEX IF NOT EXISTS mission_claims_time ON mission_claims (claimed_at);

-- VIP ranks: what each needs (valid bets and deposits in total) and gives.
CREATE TABLE IF NOT EXISTS vip_ranks (
  level int PRIMARY KEY CHECK (level >= 0),
  valid_bet bigint NOT NULL CHECK (valid_bet >= 0),
  deposit bigint NOT NULL CHECK (deposit >= 0),
  upgrade_bonus bigint NOT NULL DEFAULT 0 CHECK (upgrade_bonus >= 0),
  rebate_bp int NOT NULL DEFAULT 0,
  points_bp int NOT NULL DEFAULT 10000
);
INSERT INTO vip_ranks (level, valid_bet, deposit, upgrade_bonus, rebate_bp, points_bp) VALUES
  (0, 0, 0, 0, 0, 10000),
  (1, 10000, 10000, 500, 5, 10000),
  (2, 100000, 50000, 2000, 10, 11000),
  (3, 500000, 200000, 5000, 15, 12000),
  (4, 2000000, 500000, 10000, 20, 13000),
  (5, 5000000, 1000000, 25000, 25, 15000),
  (6, 20000000, 5000000, 80000, 30, 20000)
ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS vip_history (
  member_id text NOT NULL,
  level int NOT NULL,
  reached_at bigint NOT NULL,
  PRIMARY KEY (member_id, level)
);

-- Rebate per game category in basis points of valid bets, claimed by hand once per day (MANPLAYREB3).
CREATE TABLE IF NOT EXISTS rebate_rates (
  category text PRIMARY KEY,
  rate_bp int NOT NULL CHECK (rate_bp >= 0 AND rate_bp <= 300)
);
INSERT INTO rebate_rates (category, rate_bp) VALUES ('RNG', 120), ('LIVE', 60), ('FISH', 100), ('PVP', 80), ('SPORTS', 50), ('ESPORTS', 50), ('LOTTERY', 40), ('ELOTT', 40), ('COCKFIGHT', 50)
ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS rebate_claims (
  member_id text NOT NULL,
  period_start bigint NOT NULL,
  since bigint NOT NULL,
  until bigint NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  detail jsonb NOT NULL,
  award_id text NOT NULL,
  PRIMARY KEY (member_id, period_start)
);

-- Cash awards (missions, rebates, referrals, ranks, the mall, activities): claimable, then claimed.
CREATE TABLE IF NOT EXISTS reward_awards (
  id text PRIMARY KEY,
  key text NOT NULL UNIQUE,
  member_id text NOT NULL,
  promo text NOT NULL REFERENCES reward_promotions (code),
  source text NOT NULL,
  ref text NOT NULL DEFAULT '',
  amount bigint NOT NULL CHECK (amount > 0),
  required bigint NOT NULL DEFAULT 0,
  status text NOT NULL CHECK (status IN ('claimable', 'claimed')),
  transaction_id text,
  created_at bigint NOT NULL,
  claimed_at bigint
);
CREATE INDEX IF NOT EXISTS reward_awards_member ON reward_awards (member_id, created_at DESC);

-- Referral: each member's own code, and who joined by it.
CREATE TABLE IF NOT EXISTS referral_codes (
  member_id text PRIMARY KEY,
  code text NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS referrals (
  friend_id text PRIMARY KEY,
  referrer_id text NOT NULL,
  joined_at bigint NOT NULL,
  qualified_at bigint
);
CREATE INDEX IF NOT EXISTS referrals_referrer ON referrals (referrer_id);

-- The point mall: rewards with their points and amount (valid bet) requirements and stock.
CREATE TABLE IF NOT EXISTS mall_rewards (
  id text PRIMARY KEY,
  title_en text NOT NULL,
  title_es text NOT NULL,
  points bigint NOT NULL CHECK (points > 0),
  amount_required bigint NOT NULL DEFAULT 0 CHECK (amount_required >= 0),
  quantity int NOT NULL CHECK (quantity >= 0),
  cash bigint NOT NULL DEFAULT 0 CHECK (cash >= 0),
  sort int NOT NULL
);
INSERT INTO mall_rewards (id, title_en, title_es, points, amount_required, quantity, cash, sort) VALUES
  ('R-CASH-5', '5.00 cash voucher', 'Vale de 5,00', 50, 0, 500, 500, 1),
  ('R-CASH-20', '20.00 cash voucher', 'Vale de 20,00', 180, 10000, 200, 2000, 2),
  ('R-SPIN-10', '10 free spins', '10 giros gratis', 120, 5000, 100, 1000, 3),
  ('R-HEADSET', 'Gaming headset', 'Auriculares gaming', 2000, 500000, 5, 0, 4)
ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS mall_redeems (
  id text PRIMARY KEY,
  member_id text NOT NULL,
  idempotency_key text NOT NULL,
  reward_id text NOT NULL REFERENCES mall_rewards (id),
  points bigint NOT NULL,
  status text NOT NULL CHECK (status IN ('process', 'approved', 'rejected')),
  remark text NOT NULL DEFAULT '',
  created_at bigint NOT NULL,
  decided_at bigint,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS mall_redeems_member ON mall_redeems (member_id, created_at DESC);

-- Points to balance: `points` points give `amount` minor units.
CREATE TABLE IF NOT EXISTS points_ratio (
  id int PRIMARY KEY CHECK (id = 1),
  points int NOT NULL CHECK (points > 0),
  amount int NOT NULL CHECK (amount > 0),
  min_points int NOT NULL CHECK (min_points > 0)
);
INSERT INTO points_ratio (id, points, amount, min_points) VALUES (1, 10, 100, 10) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS points_conversions (
  member_id text NOT NULL,
  idempotency_key text NOT NULL,
  points bigint NOT NULL,
  amount bigint NOT NULL,
  award_id text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (member_id, idempotency_key)
);

-- Activities: what a promotion asks of the member (join, apply with a comment and images, sign in
-- daily, a raffle) and what it pays once reviewed or done.
CREATE TABLE IF NOT EXISTS activities (
  promotion_id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('apply', 'join', 'raffle', 'sign')),
  reward bigint NOT NULL DEFAULT 0 CHECK (reward >= 0),
  starts_at bigint NOT NULL DEFAULT 0,
  ends_at bigint
);
CREATE TABLE IF NOT EXISTS activity_entries (
  member_id text NOT NULL,
  promotion_id text NOT NULL,
  status text NOT NULL CHECK (status IN ('joined', 'applying', 'process', 'rejected', 'claim', 'claimed', 'issued', 'signed')),
  comment text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  award_id text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  PRIMARY KEY (member_id, promotion_id)
);
CREATE TABLE IF NOT EXISTS activity_images (
  id text PRIMARY KEY,
  member_id text NOT NULL,
  promotion_id text,
  type text NOT NULL CHECK (type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS activity_images_member ON activity_images (member_id, promotion_id);
-- The platform promotions (notices of type PR, seeded) and what each asks: N-PR-001 an application
-- reviewed by staff, N-PR-002 a join, N-PR-003 the referral programme (joined by inviting), N-PR-004 a
-- raffle claim, N-PR-005 a daily sign-in.
INSERT INTO activities (promotion_id, kind, reward) VALUES
  ('N-PR-001', 'apply', 5000),
  ('N-PR-002', 'join', 0),
  ('N-PR-004', 'raffle', 1000),
  ('N-PR-005', 'sign', 200)
ON CONFLICT DO NOTHING;

-- Running totals per member (what ranks and the VIP page read), kept by the engine with each event.
CREATE TABLE IF NOT EXISTS reward_totals (
  member_id text PRIMARY KEY,
  valid_bet bigint NOT NULL DEFAULT 0,
  deposit bigint NOT NULL DEFAULT 0
);
