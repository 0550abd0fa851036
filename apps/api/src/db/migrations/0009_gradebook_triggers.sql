-- Gradebook (issue 7, decision 0015): categories nest (a parent in use cannot be deleted); every
-- grade change is recorded in grade_history and every change that can move a total marks the
-- course in grade_recalc, by triggers, so no code path can forget either.
ALTER TABLE "grade_categories" ADD CONSTRAINT "grade_categories_parent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "grade_categories"("id") ON DELETE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_mark_recalc(p_course uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The course may be going away (cascade): then there is nothing to recompute.
  INSERT INTO grade_recalc (course_id, requested_at)
  SELECT c.id, clock_timestamp() FROM courses c WHERE c.id = p_course AND c.class_id IS NOT NULL
  ON CONFLICT (course_id) DO UPDATE SET requested_at = excluded.requested_at;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_setup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM grade_mark_recalc(OLD.course_id);
    RETURN OLD;
  END IF;
  PERFORM grade_mark_recalc(NEW.course_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER gradebook_settings_recalc AFTER INSERT OR UPDATE OR DELETE ON gradebook_settings FOR EACH ROW EXECUTE FUNCTION grade_setup_changed();
--> statement-breakpoint
CREATE TRIGGER grade_categories_recalc AFTER INSERT OR UPDATE OR DELETE ON grade_categories FOR EACH ROW EXECUTE FUNCTION grade_setup_changed();
--> statement-breakpoint
CREATE TRIGGER grade_items_recalc AFTER INSERT OR UPDATE OR DELETE ON grade_items FOR EACH ROW EXECUTE FUNCTION grade_setup_changed();
--> statement-breakpoint
CREATE TRIGGER grading_periods_recalc AFTER INSERT OR UPDATE OR DELETE ON grading_periods FOR EACH ROW EXECUTE FUNCTION grade_setup_changed();
--> statement-breakpoint
CREATE TRIGGER rubrics_recalc AFTER INSERT OR UPDATE OR DELETE ON rubrics FOR EACH ROW EXECUTE FUNCTION grade_setup_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_materials_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.type IN ('assignment', 'quiz', 'activity') THEN PERFORM grade_mark_recalc(OLD.course_id); END IF;
    RETURN OLD;
  END IF;
  IF NEW.type IN ('assignment', 'quiz', 'activity') THEN PERFORM grade_mark_recalc(NEW.course_id); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER course_materials_grade_recalc AFTER INSERT OR UPDATE OR DELETE ON course_materials FOR EACH ROW EXECUTE FUNCTION grade_materials_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_enrolment_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_class uuid;
BEGIN
  v_class := CASE WHEN TG_OP = 'DELETE' THEN OLD.class_id ELSE NEW.class_id END;
  INSERT INTO grade_recalc (course_id, requested_at)
  SELECT c.id, clock_timestamp() FROM courses c WHERE c.class_id = v_class
  ON CONFLICT (course_id) DO UPDATE SET requested_at = excluded.requested_at;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER class_students_grade_recalc AFTER INSERT OR DELETE ON class_students FOR EACH ROW EXECUTE FUNCTION grade_enrolment_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_history_add(p_course uuid, p_item uuid, p_material uuid, p_student uuid, p_field text, p_source text, p_old text, p_new text, p_by uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO grade_history (course_id, item_id, material_id, student_id, field, source, old_value, new_value, changed_by)
  VALUES (p_course, p_item, p_material, p_student, p_field, p_source, p_old, p_new, p_by);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_grades_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_material uuid;
  v_field text;
BEGIN
  -- Rows go only with their item, student or course (cascades): nothing to record.
  IF TG_OP = 'DELETE' THEN
    PERFORM grade_mark_recalc(OLD.course_id);
    RETURN OLD;
  END IF;
  SELECT material_id INTO v_material FROM grade_items WHERE id = NEW.item_id;
  v_field := CASE WHEN v_material IS NULL THEN 'grade' ELSE 'override' END;
  IF TG_OP = 'INSERT' THEN
    IF NEW.value IS NOT NULL THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, v_field, 'gradebook', NULL, NEW.value::text, NEW.updated_by);
    END IF;
    IF NEW.excused THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'excused', 'gradebook', 'false', 'true', NEW.updated_by);
    END IF;
    IF NEW.hidden THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'hidden', 'gradebook', 'false', 'true', NEW.updated_by);
    END IF;
    IF NEW.locked THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'locked', 'gradebook', 'false', 'true', NEW.updated_by);
    END IF;
  ELSE
    IF NEW.value IS DISTINCT FROM OLD.value THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, v_field, 'gradebook', OLD.value::text, NEW.value::text, NEW.updated_by);
    END IF;
    IF NEW.excused IS DISTINCT FROM OLD.excused THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'excused', 'gradebook', OLD.excused::text, NEW.excused::text, NEW.updated_by);
    END IF;
    IF NEW.hidden IS DISTINCT FROM OLD.hidden THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'hidden', 'gradebook', OLD.hidden::text, NEW.hidden::text, NEW.updated_by);
    END IF;
    IF NEW.locked IS DISTINCT FROM OLD.locked THEN
      PERFORM grade_history_add(NEW.course_id, NEW.item_id, v_material, NEW.student_id, 'locked', 'gradebook', OLD.locked::text, NEW.locked::text, NEW.updated_by);
    END IF;
  END IF;
  PERFORM grade_mark_recalc(NEW.course_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER grade_grades_history AFTER INSERT OR UPDATE OR DELETE ON grade_grades FOR EACH ROW EXECUTE FUNCTION grade_grades_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION grade_submissions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_course uuid;
  v_item uuid;
BEGIN
  IF TG_OP = 'INSERT' AND NEW.grade IS NULL AND NEW.returned_at IS NULL THEN RETURN NEW; END IF;
  IF TG_OP = 'UPDATE' AND NEW.grade IS NOT DISTINCT FROM OLD.grade AND (NEW.returned_at IS NULL) = (OLD.returned_at IS NULL) THEN RETURN NEW; END IF;
  SELECT course_id INTO v_course FROM course_materials WHERE id = NEW.material_id;
  IF (TG_OP = 'INSERT' AND NEW.grade IS NOT NULL) OR (TG_OP = 'UPDATE' AND NEW.grade IS DISTINCT FROM OLD.grade) THEN
    SELECT id INTO v_item FROM grade_items WHERE material_id = NEW.material_id;
    PERFORM grade_history_add(
      v_course, v_item, NEW.material_id, NEW.student_id, 'grade', 'submission',
      CASE WHEN TG_OP = 'UPDATE' THEN OLD.grade::text END, NEW.grade::text, coalesce(NEW.graded_by, NEW.updated_by)
    );
  END IF;
  PERFORM grade_mark_recalc(v_course);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER submissions_grade_history AFTER INSERT OR UPDATE ON submissions FOR EACH ROW EXECUTE FUNCTION grade_submissions_changed();
