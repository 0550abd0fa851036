CREATE TABLE "activity_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"material_id" uuid NOT NULL,
	"seconds" integer DEFAULT 0 NOT NULL,
	"beats" integer DEFAULT 0 NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activity_days_user_id_day_material_id_pk" PRIMARY KEY("user_id","day","material_id")
);
--> statement-breakpoint
CREATE TABLE "activity_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"material_id" uuid NOT NULL,
	"day" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seconds" integer NOT NULL,
	"rolled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_access_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_days" ADD CONSTRAINT "activity_days_material_id_course_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."course_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_material_id_course_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."course_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_days_material_idx" ON "activity_days" USING btree ("material_id","day");--> statement-breakpoint
CREATE INDEX "activity_events_user_material_idx" ON "activity_events" USING btree ("user_id","material_id","at");--> statement-breakpoint
CREATE INDEX "activity_events_unrolled_idx" ON "activity_events" USING btree ("user_id","day") WHERE not "activity_events"."rolled";--> statement-breakpoint
CREATE INDEX "activity_events_at_idx" ON "activity_events" USING btree ("at");--> statement-breakpoint
-- The last-access stamp (issue 21) changes nothing a cached session holds that matters: do not tell every node about it.
DROP TRIGGER users_auth_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users FOR EACH ROW WHEN ((to_jsonb(OLD) - 'last_access_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_access_at')) EXECUTE FUNCTION klase_auth_changed();--> statement-breakpoint
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION klase_auth_changed();
