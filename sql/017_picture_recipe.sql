-- 017: a picture waiting to be drawn is kept as what it is made from, not as
-- its SVG. Since 015 a report's picture waits for its mail to be sent as its
-- SVG: about half of what an ingest of order mails wrote to the ledger
-- (52 of 106 MB for 3,000 mails of contrib/bench's mix), written once and
-- read once. A stand-in of a few bytes took a seventh off the ingest's
-- time; compressing the SVG cost as much time as the writing it saved.
-- The SVG is made by the game's board.svg from the report tree of one
-- reader at one step, and the tree from the ledger: the game (game_id),
-- the step, the reader (viewer: the seat, -1 for an observer), whether the
-- game was over then (open: every reader sees all of an ended game) and
-- the reader's language (lang). The first mail sent that shows the picture
-- makes the SVG again from those and draws it only if its name (cid, which
-- hashes the SVG) is the one the mail was written with: a step rolled
-- back, a game gone or a template changed since costs the mail its
-- picture, never shows it another. Rows holding an SVG (before 017) are
-- drawn from it as before; a PNG drawn drops what it was drawn from.
-- The CHECK of 015 must admit a row that is a recipe alone, and SQLite
-- cannot change a CHECK in place but by editing the schema text (016):
-- the table is small, no table refers to it and its rows are copied as
-- they are, so it is built anew under its old name, as in 015. No foreign
-- key to games: a recipe of a game gone is refused when drawn, not kept
-- from being written.
CREATE TABLE picture_new (
	cid TEXT PRIMARY KEY,
	png BLOB,
	svg TEXT,
	game_id INTEGER,
	step INTEGER,
	viewer INTEGER,
	open INTEGER,
	lang TEXT,
	CHECK (png IS NOT NULL OR svg IS NOT NULL OR (game_id IS NOT NULL AND
	    step IS NOT NULL AND viewer IS NOT NULL AND open IS NOT NULL AND
	    lang IS NOT NULL))
);
INSERT INTO picture_new (cid, png, svg) SELECT cid, png, svg FROM picture;
DROP TABLE picture;
ALTER TABLE picture_new RENAME TO picture;
