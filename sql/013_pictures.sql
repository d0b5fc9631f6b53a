-- 013: board pictures kept once. A report's outbox.html names its picture
-- ("X-Azalai-Picture: CID" and the page, see mailout_picture_ref) instead of
-- carrying it as base64: seats and observers who see the same board, and a
-- step drawn again, share one row, and the mail is put together again, the
-- same bytes, when it is sent. cid is the picture's Content-ID, named after
-- the SVG it was drawn from; png the raw bytes. Rows queued before 013 keep
-- their picture inline and are sent as they are.
CREATE TABLE picture (
	cid TEXT PRIMARY KEY,
	png BLOB NOT NULL
);
