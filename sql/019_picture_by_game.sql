-- 019: pictures are kept under their game and their name, not their name
-- alone. A picture's name (cid) hashes its SVG, so under the name alone
-- each new picture went to a random place in an index of every picture
-- ever made: on a ledger of 49,000 mails an ingest wrote almost a page of
-- that index per mail (0.98 WAL frames), against 0.01 on a small ledger,
-- and the cost of a mail grew with the ledger. Under (game_id, cid) a new
-- picture goes beside its game's others, as events go by (game_id, seq):
-- the pages an ingest writes are those of the games it plays, however
-- many pictures older games left behind (0.06 frames a mail on that
-- ledger).
-- game_id was the recipe's game (017), set only while the picture waits
-- to be drawn; it is now the key and stays when the PNG is drawn. A row of
-- before 019 that is a PNG or an SVG had no game_id: it is copied as game
-- 0, "game not known, from before 019", which a mail of any game may show
-- (outbox_picture and picture_draw look up the mail's game and game 0).
-- A recipe keeps its game. A recipe shared by mails of two games was kept
-- once, under the game that queued it first; a mail still to be sent of
-- the other game gets its own copy under its game, made again from that
-- game and drawn only if it is the SVG its mail names, as every recipe is.
-- A PNG is still found by its name alone, in any game, and drawn once: it
-- is kept only once drawn from the SVG its name hashes (picture_draw), so
-- it is the same picture wherever it is shown. Its index (picture_drawn)
-- holds the drawn rows alone: it is written when a mail is sent and its
-- picture drawn, some 30 ms of work, not when an ingest queues a mail. A
-- mail whose picture another game has drawn queues no row at all
-- (outbox_queue). The same picture waiting in two games is two recipes:
-- games of contrib/bench's mix (buqruru most) share boards, and a ledger
-- of 49,000 mails of it had 49,535 pictures and has 72,278 rows after 019.
-- The key changes, which SQLite cannot do in place: the table is built
-- anew under its old name, as in 015 and 017; no table refers to it. It
-- stays a rowid table: its rows hold PNGs of tens of KB, which a table
-- without rowid would keep in the index's own pages.
CREATE TABLE picture_new (
	game_id INTEGER NOT NULL DEFAULT 0,
	cid TEXT NOT NULL,
	png BLOB,
	svg TEXT,
	step INTEGER,
	viewer INTEGER,
	open INTEGER,
	lang TEXT,
	PRIMARY KEY (game_id, cid),
	CHECK (png IS NOT NULL OR svg IS NOT NULL OR (step IS NOT NULL AND
	    viewer IS NOT NULL AND open IS NOT NULL AND lang IS NOT NULL))
);
INSERT INTO picture_new (game_id, cid, png, svg, step, viewer, open, lang)
	SELECT COALESCE(game_id, 0), cid, png, svg, step, viewer, open, lang
	FROM picture;
-- The outbox names a row's picture on the first line of its html:
-- "X-Azalai-Picture: <cid>" (mailout.c).
INSERT OR IGNORE INTO picture_new (game_id, cid, step, viewer, open, lang)
	SELECT o.game_id, p.cid, p.step, p.viewer, p.open, p.lang
	FROM outbox o JOIN picture p ON p.cid = substr(o.html, 19,
	    instr(o.html, char(10)) - 19)
	WHERE o.status IN ('queued', 'sending') AND
	    substr(o.html, 1, 18) = 'X-Azalai-Picture: ' AND o.game_id > 0 AND
	    p.png IS NULL AND p.svg IS NULL AND p.game_id != o.game_id;
DROP TABLE picture;
ALTER TABLE picture_new RENAME TO picture;
CREATE INDEX picture_drawn ON picture(cid) WHERE png IS NOT NULL;
