-- 007: players can check the seed. Each welcome mail carries seed_commit, the
-- SHA-256 of "azalai-seed-v1 GAME SEED SALT" (see audit.h); the salt stays
-- secret with the seed until the game ends, when the final report reveals both.
-- '' for games started before: they have no commitment.
ALTER TABLE games ADD COLUMN seed_salt TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN seed_commit TEXT NOT NULL DEFAULT '';
