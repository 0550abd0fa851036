-- Grade history: a change is stamped when it is written (clock_timestamp()), not when its transaction
-- began (now()), so a write that waited on the cell's lock is shown after the one it waited for.
ALTER TABLE "grade_history" ALTER COLUMN "changed_at" SET DEFAULT clock_timestamp();