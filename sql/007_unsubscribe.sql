-- The List-Unsubscribe of a seat's mails works without the token (issue
-- 30): its mailto: carries a code of kind 'unsub' (ledger/ordercode.c),
-- which asks for NOTIFY digest for the seat it went to, only while the
-- seat keeps the address it went to (address). SQLite cannot change a
-- CHECK in place: the table is made again, its rows copied.
CREATE TABLE order_codes_new (
    hash       TEXT PRIMARY KEY,      -- sha256 hex of the code
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat_idx   INTEGER NOT NULL,
    seq        INTEGER NOT NULL,      -- the ledger step the report showed
    shown_step INTEGER NOT NULL,      -- the STEP the report printed
    kind       TEXT NOT NULL CHECK (kind = 'link' OR kind = 'reply' OR kind = 'unsub'),
    orders     TEXT NOT NULL,         -- link, unsub: the line as the mail
                                      -- wrote it; reply: the choices, one a line
    used_by    INTEGER,               -- messages.id of the mail it played
    address    TEXT NOT NULL DEFAULT ''  -- unsub: the seat's address then
) WITHOUT ROWID;
INSERT INTO order_codes_new (hash, game_id, seat_idx, seq, shown_step, kind, orders,
    used_by)
    SELECT hash, game_id, seat_idx, seq, shown_step, kind, orders, used_by
    FROM order_codes;
DROP TABLE order_codes;
ALTER TABLE order_codes_new RENAME TO order_codes;
-- The List-Unsubscribe URI of a mail to a seat, with its code, '' none.
ALTER TABLE outbox ADD COLUMN unsub TEXT NOT NULL DEFAULT '';
