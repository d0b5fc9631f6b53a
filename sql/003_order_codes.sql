-- One-tap orders and replies by number (ledger/ordercode.c, issue 30): a
-- report that asks a seat to decide carries single-use codes, one in each
-- mailto: link of its HTML part (kind 'link', bound to one order) and one in
-- its Message-ID (kind 'reply', for the numbered choices of its text part).
-- Only the code's SHA-256 is kept: the ledger alone cannot play a seat.
CREATE TABLE order_codes (
    hash       TEXT PRIMARY KEY,      -- sha256 hex of the code
    game_id    INTEGER NOT NULL REFERENCES games(id),
    seat_idx   INTEGER NOT NULL,
    seq        INTEGER NOT NULL,      -- the ledger step the report showed
    shown_step INTEGER NOT NULL,      -- the STEP the report printed
    kind       TEXT NOT NULL CHECK (kind = 'link' OR kind = 'reply'),
    orders     TEXT NOT NULL,         -- link: the order as the report wrote
                                      -- it; reply: the choices, one a line
    used_by    INTEGER                -- messages.id of the mail it played
) WITHOUT ROWID;
