-- Bot levels (games/bot.h, doc/bots.md): the level that plays a seat when
-- the referee holds it (a bot seat, a seat in civil disorder). Seats of
-- before were played at random.
ALTER TABLE seats ADD COLUMN bot_level TEXT NOT NULL DEFAULT 'random'
    CHECK (bot_level = 'random' OR bot_level = 'greedy' OR bot_level = 'mc' OR
    bot_level = 'ismcts');
