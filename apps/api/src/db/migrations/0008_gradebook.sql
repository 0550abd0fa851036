CREATE TABLE "grade_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"id_number" text,
	"aggregation" text DEFAULT 'natural' NOT NULL,
	"exclude_empty" boolean DEFAULT true NOT NULL,
	"drop_lowest" integer DEFAULT 0 NOT NULL,
	"keep_highest" integer DEFAULT 0 NOT NULL,
	"include_outcomes" boolean DEFAULT false NOT NULL,
	"max_grade" numeric(10, 2) DEFAULT 100 NOT NULL,
	"weight" numeric(10, 5),
	"extra_credit" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_until" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_after" timestamp with time zone,
	"grade_pass" numeric(10, 2),
	"display_type" text,
	"decimals" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grade_grades" (
	"item_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"value" numeric(10, 2),
	"excused" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "grade_grades_item_id_student_id_pk" PRIMARY KEY("item_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "grade_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"course_id" uuid NOT NULL,
	"item_id" uuid,
	"material_id" uuid,
	"student_id" uuid NOT NULL,
	"field" text NOT NULL,
	"source" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"material_id" uuid,
	"name" text NOT NULL,
	"id_number" text,
	"grade_type" text DEFAULT 'value' NOT NULL,
	"max_grade" numeric(10, 2) DEFAULT 100 NOT NULL,
	"min_grade" numeric(10, 2) DEFAULT 0 NOT NULL,
	"scale_id" uuid,
	"rubric_id" uuid,
	"weight" numeric(10, 5),
	"extra_credit" boolean DEFAULT false NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"hidden_until" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"locked_after" timestamp with time zone,
	"grade_pass" numeric(10, 2),
	"display_type" text,
	"decimals" integer,
	"grading_period_id" uuid,
	"due_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grade_recalc" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade_scales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"course_id" uuid,
	"name" text NOT NULL,
	"values" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grade_totals" (
	"course_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" numeric(14, 5),
	"min" numeric(14, 5) NOT NULL,
	"max" numeric(14, 5) NOT NULL,
	"percent" numeric(14, 5),
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grade_totals_course_id_student_id_key_pk" PRIMARY KEY("course_id","student_id","key")
);
--> statement-breakpoint
CREATE TABLE "gradebook_settings" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"display_type" text DEFAULT 'real' NOT NULL,
	"decimals" integer DEFAULT 2 NOT NULL,
	"hidden_policy" text DEFAULT 'hideTotals' NOT NULL,
	"min_max_to_use" text DEFAULT 'item' NOT NULL,
	"include_scales" boolean DEFAULT true NOT NULL,
	"letters" jsonb,
	"final_mode" text DEFAULT 'courseTotal' NOT NULL,
	"final_display_type" text DEFAULT 'realPercentage' NOT NULL,
	"final_decimals" integer DEFAULT 2 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "grading_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"weight" numeric(10, 5) DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "rubrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "submission_rubric_scores" (
	"submission_id" uuid PRIMARY KEY NOT NULL,
	"rubric_id" uuid NOT NULL,
	"selections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_grades" ADD CONSTRAINT "grade_grades_item_id_grade_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."grade_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_grades" ADD CONSTRAINT "grade_grades_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_grades" ADD CONSTRAINT "grade_grades_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_grades" ADD CONSTRAINT "grade_grades_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_category_id_grade_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."grade_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_material_id_course_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."course_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_scale_id_grade_scales_id_fk" FOREIGN KEY ("scale_id") REFERENCES "public"."grade_scales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_items" ADD CONSTRAINT "grade_items_grading_period_id_grading_periods_id_fk" FOREIGN KEY ("grading_period_id") REFERENCES "public"."grading_periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_recalc" ADD CONSTRAINT "grade_recalc_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_scales" ADD CONSTRAINT "grade_scales_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_scales" ADD CONSTRAINT "grade_scales_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_totals" ADD CONSTRAINT "grade_totals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grade_totals" ADD CONSTRAINT "grade_totals_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gradebook_settings" ADD CONSTRAINT "gradebook_settings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grading_periods" ADD CONSTRAINT "grading_periods_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rubrics" ADD CONSTRAINT "rubrics_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_rubric_scores" ADD CONSTRAINT "submission_rubric_scores_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submission_rubric_scores" ADD CONSTRAINT "submission_rubric_scores_rubric_id_rubrics_id_fk" FOREIGN KEY ("rubric_id") REFERENCES "public"."rubrics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grade_categories_course_idx" ON "grade_categories" USING btree ("course_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_categories_root_idx" ON "grade_categories" USING btree ("course_id") WHERE "grade_categories"."parent_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_categories_id_number_idx" ON "grade_categories" USING btree ("course_id",lower("id_number")) WHERE "grade_categories"."id_number" is not null;--> statement-breakpoint
CREATE INDEX "grade_grades_course_student_idx" ON "grade_grades" USING btree ("course_id","student_id");--> statement-breakpoint
CREATE INDEX "grade_history_item_idx" ON "grade_history" USING btree ("item_id","student_id","changed_at");--> statement-breakpoint
CREATE INDEX "grade_history_material_idx" ON "grade_history" USING btree ("material_id","student_id","changed_at");--> statement-breakpoint
CREATE INDEX "grade_history_course_idx" ON "grade_history" USING btree ("course_id","changed_at");--> statement-breakpoint
CREATE INDEX "grade_items_course_idx" ON "grade_items" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "grade_items_category_idx" ON "grade_items" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_items_material_idx" ON "grade_items" USING btree ("material_id") WHERE "grade_items"."material_id" is not null;--> statement-breakpoint
CREATE INDEX "grade_items_scale_idx" ON "grade_items" USING btree ("scale_id");--> statement-breakpoint
CREATE INDEX "grade_items_rubric_idx" ON "grade_items" USING btree ("rubric_id");--> statement-breakpoint
CREATE INDEX "grade_scales_school_idx" ON "grade_scales" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "grade_scales_course_idx" ON "grade_scales" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "grade_scales_course_name_idx" ON "grade_scales" USING btree ("course_id",lower("name")) WHERE "grade_scales"."course_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "grade_scales_standard_name_idx" ON "grade_scales" USING btree ("school_id",lower("name")) WHERE "grade_scales"."course_id" is null;--> statement-breakpoint
CREATE INDEX "grading_periods_course_idx" ON "grading_periods" USING btree ("course_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "grading_periods_name_idx" ON "grading_periods" USING btree ("course_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "rubrics_course_name_idx" ON "rubrics" USING btree ("course_id",lower("name"));--> statement-breakpoint
CREATE INDEX "submission_rubric_scores_rubric_idx" ON "submission_rubric_scores" USING btree ("rubric_id");