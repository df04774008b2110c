-- Core of the sandbox platform: settings, whitelabel switches, members, the ledger, feedback.
-- Runs on PGlite and PostgreSQL 15 alike: no extensions.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Whitelabel module tree (SPEC §3 "permission info"): roots have parent_id NULL.
CREATE TABLE whitelabel (
  mod_id text PRIMARY KEY,
  parent_id text REFERENCES whitelabel (mod_id),
  position int NOT NULL DEFAULT 0,
  enabled boolean NOT NULL
);

CREATE SEQUENCE member_id_seq START 10000001;

CREATE TABLE members (
  id text PRIMARY KEY DEFAULT (nextval('member_id_seq')::text),
  username text NOT NULL,
  password_hash text,
  password_changed_at timestamptz,
  type int NOT NULL DEFAULT 0,
  is_agent int NOT NULL DEFAULT 0,
  upline_id text REFERENCES members (id),
  nickname text NOT NULL DEFAULT '',
  mobile_num text NOT NULL DEFAULT '',
  country_dialing_code text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  payee_name text NOT NULL DEFAULT '',
  rank_level int NOT NULL DEFAULT 0,
  profile jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz,
  known_ips jsonb NOT NULL DEFAULT '[]'::jsonb
);
-- Usernames are unique regardless of case (citext without the extension).
CREATE UNIQUE INDEX members_username_lower ON members (lower(username));
CREATE INDEX members_mobile ON members (country_dialing_code, mobile_num) WHERE mobile_num <> '';
CREATE INDEX members_upline ON members (upline_id) WHERE upline_id IS NOT NULL;

-- Double-entry ledger: every movement is a transaction whose entries sum to zero.
CREATE TABLE ledger_accounts (
  id text PRIMARY KEY,
  -- member id for 'member:<id>:<wallet>' accounts, NULL for house accounts
  owner text,
  balance bigint NOT NULL DEFAULT 0,
  allow_negative boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_balance_floor CHECK (allow_negative OR balance >= 0)
);
CREATE INDEX ledger_accounts_owner ON ledger_accounts (owner) WHERE owner IS NOT NULL;

CREATE TABLE ledger_transactions (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  kind text NOT NULL,
  memo text NOT NULL DEFAULT '',
  -- legs of the first request, so a reused key with different legs is refused
  fingerprint text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  transaction_id text NOT NULL REFERENCES ledger_transactions (id),
  account_id text NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id DESC);

CREATE TABLE feedback (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text REFERENCES members (id),
  question_type text NOT NULL,
  content text NOT NULL,
  ip text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
