-- Rate-limit counters are upserted on every API request (per address and per user) when the
-- limits are shared through PostgreSQL. Logged, each upsert's commit waits for a WAL flush
-- (0.5–0.7 ms on the shared VM, more at its tail); unlogged, it does not (~0.1 ms). A crash
-- empties the table, which only restarts the current windows (at most 15 minutes). Decision 0022.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
