-- 023: a mail over limits.message_bytes keeps only its header block.
-- Until now such a mail was stored whole, and written whole a second time
-- when its status was set (SQLite writes a row anew, with its blob, at every
-- update of it): a 30 MB mail grew the ledger by 60 MB, for a body nothing
-- ever reads. Its header block is what answers it ("too large") and what
-- knows it again (its Message-ID and Date); content_hash stays the SHA-256
-- of the whole mail, so a mail without a Message-ID is known again too.
-- whole_bytes: NULL when raw is the whole mail (every mail stored before
-- this); else the size of the whole mail, of which raw is the header block.
-- A column that is NULL by default rewrites no row.
ALTER TABLE messages ADD COLUMN whole_bytes INTEGER
    CHECK (whole_bytes IS NULL OR whole_bytes > length(raw));
