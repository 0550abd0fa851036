CREATE TABLE "attendance_days" (
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"month" text NOT NULL,
	"days_present" smallint NOT NULL,
	CONSTRAINT "attendance_days_class_id_student_id_month_pk" PRIMARY KEY("class_id","student_id","month")
);
--> statement-breakpoint
CREATE TABLE "attendance_months" (
	"class_id" uuid NOT NULL,
	"month" text NOT NULL,
	"school_days" smallint NOT NULL,
	CONSTRAINT "attendance_months_class_id_month_pk" PRIMARY KEY("class_id","month")
);
--> statement-breakpoint
CREATE TABLE "class_advisers" (
	"class_id" uuid PRIMARY KEY NOT NULL,
	"teacher_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "course_deped" (
	"course_id" uuid PRIMARY KEY NOT NULL,
	"subject_group" text NOT NULL,
	"mapeh_part" text,
	"ww_category_id" uuid,
	"pt_category_id" uuid,
	"qa_category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "learner_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"school_id" uuid NOT NULL,
	"lrn" text,
	"sex" text,
	"birth_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "observed_values" (
	"class_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"quarter" smallint NOT NULL,
	"statement" text NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "observed_values_class_id_student_id_quarter_statement_pk" PRIMARY KEY("class_id","student_id","quarter","statement")
);
--> statement-breakpoint
CREATE TABLE "report_card_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid NOT NULL,
	"class_id" uuid NOT NULL,
	"requested_by" uuid,
	"quarter" smallint NOT NULL,
	"paper" text NOT NULL,
	"lang" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"file_key" text,
	"error" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "school_grading_policies" (
	"school_id" uuid PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'custom' NOT NULL,
	"school_year_from" integer NOT NULL,
	"quarters" jsonb NOT NULL,
	"presets" jsonb NOT NULL,
	"transmutation" jsonb NOT NULL,
	"descriptors" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_days" ADD CONSTRAINT "attendance_days_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_months" ADD CONSTRAINT "attendance_months_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_advisers" ADD CONSTRAINT "class_advisers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_advisers" ADD CONSTRAINT "class_advisers_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_deped" ADD CONSTRAINT "course_deped_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_deped" ADD CONSTRAINT "course_deped_ww_category_id_grade_categories_id_fk" FOREIGN KEY ("ww_category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_deped" ADD CONSTRAINT "course_deped_pt_category_id_grade_categories_id_fk" FOREIGN KEY ("pt_category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_deped" ADD CONSTRAINT "course_deped_qa_category_id_grade_categories_id_fk" FOREIGN KEY ("qa_category_id") REFERENCES "public"."grade_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_profiles" ADD CONSTRAINT "learner_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_profiles" ADD CONSTRAINT "learner_profiles_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observed_values" ADD CONSTRAINT "observed_values_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observed_values" ADD CONSTRAINT "observed_values_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_card_jobs" ADD CONSTRAINT "report_card_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_grading_policies" ADD CONSTRAINT "school_grading_policies_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learner_profiles_lrn_idx" ON "learner_profiles" USING btree ("school_id","lrn") WHERE "learner_profiles"."lrn" is not null;--> statement-breakpoint
CREATE INDEX "report_card_jobs_state_idx" ON "report_card_jobs" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "report_card_jobs_class_idx" ON "report_card_jobs" USING btree ("class_id","created_at");