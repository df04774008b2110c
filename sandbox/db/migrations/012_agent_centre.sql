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
