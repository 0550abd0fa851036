ALTER TABLE "quiz_settings" ADD COLUMN "show_correctness" text DEFAULT 'afterSubmit' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD COLUMN "show_points" text DEFAULT 'afterSubmit' NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_settings" ADD COLUMN "show_feedback" text DEFAULT 'afterSubmit' NOT NULL;--> statement-breakpoint
-- A quiz that hid its answers (never, or until it closes) also told students which answers were right
-- and their points, which with several attempts gives the answers away: existing quizzes keep their
-- answers' setting for correctness and points too.
UPDATE "quiz_settings" SET "show_correctness" = "show_answers", "show_points" = "show_answers" WHERE "show_answers" <> 'afterSubmit';
