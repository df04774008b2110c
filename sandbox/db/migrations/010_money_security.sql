-- Issue 13 leftovers (money2): contacts bound by code and the payment-password reset.
-- Codes are bound to the member and to the number or address they went to: single use, expiring,
-- dead after a few wrong guesses, superseded by a newer one. Times are epoch milliseconds.
ALTER TABLE money_profiles ADD COLUMN IF NOT EXISTS mobile_verified_at bigint;
ALTER TABLE money_profiles ADD COLUMN IF NOT EXISTS email_verified_at bigint;

CREATE TABLE IF NOT EXISTS member_codes (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  purpose text NOT NULL,            -- bind_mobile | bind_email | pay_reset
  target text NOT NULL,             -- 'dial:mobile' digits, or the email
  code text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  tries int NOT NULL DEFAULT 0,
  used_at bigint
);
CREATE INDEX IF NOT EXISTS member_codes_member ON member_codes (member_id, purpose, seq);

-- Deposit promotion: the bonus a paid order earned (once per member and promotion) and the
-- wagering it requires before the balance may be withdrawn in full.
ALTER TABLE deposit_orders ADD COLUMN IF NOT EXISTS promotion text;
CREATE TABLE IF NOT EXISTS deposit_bonuses (
  member_id text NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  promotion text NOT NULL,
  order_id text NOT NULL,
  bonus bigint NOT NULL CHECK (bonus > 0),
  required bigint NOT NULL CHECK (required >= 0),
  created_at bigint NOT NULL,
  PRIMARY KEY (member_id, promotion)
);
