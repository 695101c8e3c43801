CREATE SEQUENCE "public"."records_generation" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- A change of any stored row takes the next records generation when its transaction commits
-- (deferred to the end, so that a reader who sees the new generation almost always sees the
-- change too). Not counted: sessions, verifications, rate limits and provider tokens, which no
-- page shows and which change with every sign-in, lookup or token refresh.
CREATE FUNCTION "records_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('records_generation');
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  counted text[] := ARRAY['accounts', 'admissions', 'album_photos', 'albums', 'audit_entries',
    'blogs', 'comments', 'contact_messages', 'downloads', 'enrolment_accounts', 'enrolments',
    'events', 'exam_results', 'exam_subjects', 'exams', 'marks', 'notices', 'order_items',
    'orders', 'outgoing_messages', 'payment_refunds', 'results', 'routine_periods',
    'routine_settings', 'routine_slots', 'routine_substitutes', 'scheduled_backups',
    'school_classes', 'services', 'students', 'subscribers', 'teachers', 'uploaded_files', 'users'];
  name text;
BEGIN
  FOREACH name IN ARRAY counted LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER "records_changed" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "records_changed"()', name);
    EXECUTE format('CREATE TRIGGER "records_truncated" AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION "records_changed"()', name);
  END LOOP;
END;
$$;
