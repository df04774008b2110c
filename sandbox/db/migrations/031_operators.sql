-- The operator back office: operator accounts with a role, a password hash and a TOTP secret; their
-- sessions (apart from members' sessions, on an httpOnly cookie); and the audit of every operator
-- action. Times are epoch milliseconds, as everywhere in the sandbox.
CREATE TABLE IF NOT EXISTS operators (
  id text PRIMARY KEY,
  username text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'finance', 'support', 'content')),
  password_hash text NOT NULL,
  -- Base32 (RFC 4648), as authenticator apps take it.
  totp_secret text NOT NULL,
  -- The last 30-second step whose code signed in: a code is accepted once, and never an older one.
  totp_last_step bigint NOT NULL DEFAULT 0,
  disabled boolean NOT NULL DEFAULT false,
  created_at bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS operators_username ON operators (lower(username));

CREATE TABLE IF NOT EXISTS operator_sessions (
  token_hash text PRIMARY KEY,             -- sha256 of the cookie's token, base64url
  operator_id text NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
  ip text NOT NULL,
  created_at bigint NOT NULL,
  idle_expires_at bigint NOT NULL,
  absolute_expires_at bigint NOT NULL,
  ended_at bigint
);
CREATE INDEX IF NOT EXISTS operator_sessions_operator ON operator_sessions (operator_id);

-- Append-only: who did what to which target, the state before and after, when and from where. An
-- action's idempotency key makes a retried call answer the first one instead of acting twice.
CREATE TABLE IF NOT EXISTS operator_audit (
  id bigserial PRIMARY KEY,
  at bigint NOT NULL,
  operator_id text REFERENCES operators(id) ON DELETE SET NULL,
  operator text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  ip text NOT NULL,
  idempotency_key text
);
CREATE UNIQUE INDEX IF NOT EXISTS operator_audit_key ON operator_audit (operator_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Why an operator rejected a withdrawal.
ALTER TABLE withdrawals ADD COLUMN IF NOT EXISTS decision_reason text;
