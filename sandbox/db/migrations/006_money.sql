-- Money pages of the member centre: real name, payment password, payout accounts, deposit orders,
-- withdrawals. Money itself lives only in the ledger; these tables hold the orders that move it.
-- Times are epoch milliseconds (bigint) so the server's injectable clock governs every expiry.

CREATE TABLE IF NOT EXISTS money_profiles (
  member_id text PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  real_name text NOT NULL DEFAULT '',
  pay_password_hash text,
  -- wrong payment passwords in the window that started at pay_window_start
  pay_tries int NOT NULL DEFAULT 0,
  pay_window_start bigint NOT NULL DEFAULT 0
);

CREATE TABLE IF NOT EXISTS payout_accounts (
  id text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  kind text NOT NULL,
  provider text NOT NULL,
  account_no text NOT NULL,
  payee_name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS payout_accounts_member ON payout_accounts (member_id, created_at);
CREATE UNIQUE INDEX IF NOT EXISTS payout_accounts_number ON payout_accounts (member_id, kind, provider, account_no);

CREATE TABLE IF NOT EXISTS deposit_orders (
  id text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  channel text NOT NULL,
  method text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  status text NOT NULL DEFAULT 'pending',
  reference text NOT NULL,
  crypto_address text,
  transaction_id text,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  settled_at bigint,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS deposit_orders_member ON deposit_orders (member_id, created_at DESC);

CREATE TABLE IF NOT EXISTS withdrawals (
  id text PRIMARY KEY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  account_label text NOT NULL,
  status text NOT NULL DEFAULT 'requested',
  hold_transaction_id text,
  settle_transaction_id text,
  received_amount bigint,
  remaining_amount bigint,
  proof bytea,
  proof_type text,
  auto_confirmed boolean NOT NULL DEFAULT false,
  confirm_key text,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  disbursed_at bigint,
  UNIQUE (member_id, idempotency_key)
);
CREATE INDEX IF NOT EXISTS withdrawals_member ON withdrawals (member_id, created_at DESC);
CREATE INDEX IF NOT EXISTS withdrawals_status ON withdrawals (status, created_at);
