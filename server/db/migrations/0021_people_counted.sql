-- The register's tables (0019) are shown by pages (a guardian's children, a teacher's classes), so
-- a change of their rows moves the records generation (0017) like every other shown table's.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['register_guardians', 'register_students', 'teaching_assignments'] LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
