-- Referral: how a friend's qualification ended ('paid', 'same_family': an address /24 or device the
-- referrer or an already-paid friend used, 'cap': the referrer's monthly cap reached), and the device
-- each session was opened from (the family rule reads it with the session's address).
ALTER TABLE referrals ADD COLUMN IF NOT EXISTS outcome text;
CREATE INDEX IF NOT EXISTS referrals_referrer_paid ON referrals (referrer_id, qualified_at) WHERE outcome = 'paid';
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS device_id text;
-- A break binds the person: registration and a first third-party sign-in look up members by email.
CREATE INDEX IF NOT EXISTS members_email_lower ON members (lower(email)) WHERE email <> '';
