-- demo01's seeded mobile had 9 digits where the Philippine (+63) number field asks for 10, so it could
-- not sign in by SMS code through the forms. The seed now gives it 9123456789; this moves a database
-- seeded before (a kept `.data/` or PostgreSQL demo) to the same number. Only the demo account with the
-- old seeded number is touched, and only when no other account holds the new one.
UPDATE members SET mobile_num = '9123456789'
WHERE username = 'demo01'
  AND mobile_num = '912345678'
  AND NOT EXISTS (SELECT 1 FROM members other WHERE other.mobile_num = '9123456789' AND other.username <> 'demo01');
