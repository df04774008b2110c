-- Notices and banners in Simplified Chinese and Vietnamese (issue 40). Empty: the English one is shown
-- (the contract's fallback), so notices an operator wrote before keep working.
ALTER TABLE notices ADD COLUMN title_cn text NOT NULL DEFAULT '';
ALTER TABLE notices ADD COLUMN title_vi text NOT NULL DEFAULT '';
ALTER TABLE notices ADD COLUMN content_cn text NOT NULL DEFAULT '';
ALTER TABLE notices ADD COLUMN content_vi text NOT NULL DEFAULT '';
ALTER TABLE banners ADD COLUMN title_cn text NOT NULL DEFAULT '';
ALTER TABLE banners ADD COLUMN title_vi text NOT NULL DEFAULT '';
