-- 024 (written as 021; renumbered after ledgers had reached 023): answers
-- to strangers have a budget, and wrong tokens are counted per seat (issue 35).
-- Answers to mail no token proved (help, problem and receipt mails, which go
-- to no seat) are counted over a day across every address, once for each
-- such answer (process.c): this index holds those rows alone, so a count
-- reads as many entries as there were answers in the day, however many
-- mails the outbox holds. Its condition is written as the count's query
-- writes it, which is what lets SQLite use a partial index.
CREATE INDEX outbox_strangers ON outbox(created_at)
    WHERE seat_idx IS NULL AND (kind = 'help' OR kind = 'problem' OR kind = 'receipt');
-- Mails that named a seat with a wrong token: how many since the first of
-- the current day, `since`; a day after it the count starts again
-- (guessing.c).
CREATE TABLE token_failures (
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	since       TEXT NOT NULL,
	count       INTEGER NOT NULL,
	PRIMARY KEY (game_id, seat_idx)
);
