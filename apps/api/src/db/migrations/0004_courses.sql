CREATE TABLE "course_element_assignees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"element_id" uuid NOT NULL,
	"student_id" uuid,
	"group_id" uuid
);
--> statement-breakpoint
CREATE TABLE "course_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_elements" ADD COLUMN "assign_mode" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "available_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "content_html" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "instructions" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "max_points" integer;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "file_key" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "file_size" bigint;--> statement-breakpoint
ALTER TABLE "course_materials" ADD COLUMN "file_mime" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_key" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_mime" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "job" text;--> statement-breakpoint
ALTER TABLE "course_element_assignees" ADD CONSTRAINT "course_element_assignees_element_id_course_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."course_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_element_assignees" ADD CONSTRAINT "course_element_assignees_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_element_assignees" ADD CONSTRAINT "course_element_assignees_group_id_class_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."class_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_uploads" ADD CONSTRAINT "course_uploads_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_uploads" ADD CONSTRAINT "course_uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_element_assignees_element_idx" ON "course_element_assignees" USING btree ("element_id");--> statement-breakpoint
CREATE INDEX "course_uploads_course_idx" ON "course_uploads" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "course_elements_name_idx" ON "course_elements" USING btree ("course_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "courses_class_name_idx" ON "courses" USING btree ("class_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "courses_class_code_idx" ON "courses" USING btree ("class_id",upper("code"));