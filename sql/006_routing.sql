-- 006: answers go to the address on record; stale and replayed orders.

-- The step a referee mail to a seat showed (its form's STEP), so a reply
-- that names it in In-Reply-To or References answers that step.
ALTER TABLE outbox ADD COLUMN step INTEGER;

-- Each authenticated order mail that said which step it answers: a second
-- mail with the same orders for the same step is a replay.
CREATE TABLE order_steps (
	message     INTEGER PRIMARY KEY REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	step        INTEGER NOT NULL,
	orders_hash TEXT NOT NULL,                 -- sha256 of the order lines as read
	applied     INTEGER NOT NULL DEFAULT 0     -- 1 when one of them changed the game
);
CREATE INDEX order_steps_seat ON order_steps(game_id, seat_idx, step);

-- Mails signed with a seat's token from another address than the seat's,
-- held until the seat confirms them from its own address (foreign_sender: hold).
CREATE TABLE held_mails (
	message     INTEGER PRIMARY KEY REFERENCES messages(id),
	game_id     INTEGER NOT NULL REFERENCES games(id),
	seat_idx    INTEGER NOT NULL,
	from_addr   TEXT NOT NULL,
	code        TEXT NOT NULL,                 -- what the seat sends back: CONFIRM code
	step        INTEGER NOT NULL,              -- the game's step when it came: what it answers
	held_at     TEXT NOT NULL,
	status      TEXT NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'confirmed')),
	confirmed_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX held_mails_code ON held_mails(game_id, seat_idx, code);
