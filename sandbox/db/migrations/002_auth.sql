-- Auth: sessions, captchas, slider challenges, SMS codes, rate-limit events, third-party identities.
-- Times are epoch milliseconds (bigint) so the server's injectable clock governs every expiry.

-- Accounts created by third-party sign-in or free play have no password.
ALTER TABLE members ALTER COLUMN password_hash DROP NOT NULL;
-- Set by a forgotten-password email: the next login must change the password.
ALTER TABLE members ADD COLUMN IF NOT EXISTS password_temporary boolean NOT NULL DEFAULT false;

CREATE UNIQUE INDEX IF NOT EXISTS members_invitation_code
  ON members ((upper(profile->>'invitationCode')))
  WHERE profile->>'invitationCode' IS NOT NULL;

CREATE INDEX IF NOT EXISTS members_mobile_digits
  ON members ((regexp_replace(country_dialing_code, '\D', '', 'g')), (regexp_replace(mobile_num, '\D', '', 'g')));

CREATE TABLE IF NOT EXISTS sessions (
  token_hash text PRIMARY KEY,             -- sha256 of the token, base64url; the token itself is never stored
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  ip text NOT NULL,
  created_at bigint NOT NULL,
  idle_expires_at bigint NOT NULL,
  absolute_expires_at bigint NOT NULL,
  ended_at bigint
);
CREATE INDEX IF NOT EXISTS sessions_member ON sessions (member_id);

CREATE TABLE IF NOT EXISTS captchas (
  id text PRIMARY KEY,
  answer text NOT NULL,
  ip text NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS slider_challenges (
  id text PRIMARY KEY,
  target double precision NOT NULL,
  expires_at bigint NOT NULL
);

CREATE TABLE IF NOT EXISTS sms_codes (
  id text PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,  -- send order, even within one millisecond
  dial text NOT NULL,                      -- dialing code, digits only
  mobile text NOT NULL,                    -- national number, digits only
  purpose text NOT NULL,                   -- login | register | reset | second_step | idp
  code text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  tries int NOT NULL DEFAULT 0,
  used_at bigint
);
CREATE INDEX IF NOT EXISTS sms_codes_number ON sms_codes (dial, mobile, seq);

CREATE TABLE IF NOT EXISTS rate_events (
  bucket text NOT NULL,
  key text NOT NULL,
  at bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_events_key ON rate_events (bucket, key, at);

CREATE TABLE IF NOT EXISTS member_identities (
  provider text NOT NULL,
  sub text NOT NULL,
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  PRIMARY KEY (provider, sub)
);

CREATE TABLE IF NOT EXISTS raffle_claims (
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  promotion_id text NOT NULL,
  claimed_at bigint NOT NULL,
  PRIMARY KEY (member_id, promotion_id)
);

-- Platform messages to one member (welcome notes, security notices); unread until read_at is set.
CREATE TABLE IF NOT EXISTS member_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id text NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  title text NOT NULL,
  body text NOT NULL,
  created_at bigint NOT NULL,
  read_at bigint
);
CREATE INDEX IF NOT EXISTS member_messages_unread ON member_messages (member_id) WHERE read_at IS NULL;
