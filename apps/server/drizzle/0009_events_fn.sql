-- Demo missions and attendance rewards (docs/decisions/0600-events-missions-attendance-ads.md).
-- Operators change amounts with UPDATE; a restart never overwrites them.
INSERT INTO "attendance_rewards" ("day", "coin") VALUES
  (1, 10), (2, 15), (3, 20), (4, 25), (5, 30), (6, 40), (7, 60)
ON CONFLICT ("day") DO NOTHING;
--> statement-breakpoint
INSERT INTO "missions" ("id", "name_key", "reward", "condition", "reward_count", "period", "sort_order") VALUES
  ('watch_ad', 'mission.watch_ad', 5, 1, 5, 'D', 1),
  ('watch_ep', 'mission.watch_ep', 10, 3, 2, 'D', 2),
  ('share_ep', 'mission.share_ep', 5, 1, 3, 'D', 3),
  ('connect_sns', 'mission.connect_sns', 50, 1, 1, 'O', 4)
ON CONFLICT ("id") DO NOTHING;
