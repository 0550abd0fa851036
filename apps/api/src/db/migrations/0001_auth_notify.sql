-- Tell every API node when a cached session lookup may be stale (apps/api/src/platform/session-cache.ts):
-- 'user:<id>' for a user's own row, sessions and parent links; 'all' for schools and customers.
CREATE OR REPLACE FUNCTION klase_auth_changed() RETURNS trigger AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('klase_auth', 'user:' || OLD.id::text);
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('klase_auth', 'user:' || OLD.user_id::text);
  ELSIF TG_TABLE_NAME = 'parent_students' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('klase_auth', 'user:' || OLD.parent_id::text);
      PERFORM pg_notify('klase_auth', 'user:' || OLD.student_id::text);
    ELSE
      PERFORM pg_notify('klase_auth', 'user:' || NEW.parent_id::text);
      PERFORM pg_notify('klase_auth', 'user:' || NEW.student_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('klase_auth', 'all');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION klase_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION klase_auth_changed();
--> statement-breakpoint
CREATE TRIGGER parent_students_auth_changed AFTER INSERT OR UPDATE OR DELETE ON parent_students FOR EACH ROW EXECUTE FUNCTION klase_auth_changed();
--> statement-breakpoint
CREATE TRIGGER schools_auth_changed AFTER UPDATE OR DELETE ON schools FOR EACH STATEMENT EXECUTE FUNCTION klase_auth_changed();
--> statement-breakpoint
CREATE TRIGGER customers_auth_changed AFTER UPDATE OR DELETE ON customers FOR EACH STATEMENT EXECUTE FUNCTION klase_auth_changed();
