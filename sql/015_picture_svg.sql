-- 015: board pictures drawn when their mail is sent, not when it is queued.
-- Drawing was most of the work of taking in an order mail; the SVG is what
-- the picture is made of, and its name (cid) already hashes it. A picture
-- queued as its SVG alone has png NULL; the first mail sent that shows it
-- draws it, keeps the PNG and drops the SVG. Rows of before keep their png.
-- SQLite cannot drop a NOT NULL in place, so the table is built anew under
-- its old name; no table refers to it.
CREATE TABLE picture_new (
	cid TEXT PRIMARY KEY,
	png BLOB,
	svg TEXT,
	CHECK (png IS NOT NULL OR svg IS NOT NULL)
);
INSERT INTO picture_new (cid, png) SELECT cid, png FROM picture;
DROP TABLE picture;
ALTER TABLE picture_new RENAME TO picture;
