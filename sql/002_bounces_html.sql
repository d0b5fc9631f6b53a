-- 002: delivery trouble per seat, shown to the game master; an HTML
-- alternative beside the text of an outgoing mail, when its template has one.

ALTER TABLE seats ADD COLUMN bounces INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN last_bounce TEXT NOT NULL DEFAULT '';
ALTER TABLE outbox ADD COLUMN html TEXT NOT NULL DEFAULT '';
