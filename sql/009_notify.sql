-- 009: how each seat is told. every: a report after every step; due: only
-- when a decision of the seat's is due (with the news since its last report);
-- digest: at most one report a day. '' takes the campaign's "notify" setting.
-- Seats of games started before keep what they had: every step.
ALTER TABLE seats ADD COLUMN notify TEXT NOT NULL DEFAULT ''
	CHECK (notify IN ('', 'every', 'due', 'digest'));
UPDATE seats SET notify = 'every';
