-- Who-is-acting changes announced on channel fitpost_access (issue 31): every API process caches
-- sessions and GET /api/user/me answers in memory and drops a user's entries when their id arrives
-- here ('*' drops all). Triggers, so every write path announces, whichever process or job makes it;
-- PostgreSQL delivers a notification when its transaction commits and folds repeats within one.
CREATE FUNCTION "fitpost_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = '*' THEN
    PERFORM pg_notify('fitpost_access', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('fitpost_access', to_jsonb(OLD) ->> TG_ARGV[0]);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('fitpost_access', to_jsonb(NEW) ->> TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session's touch (last_seen_at) is not a change of access: only revocation, expiry and deletion are.
CREATE TRIGGER "sessions_notify_access" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "fitpost_notify_access"('user_id');--> statement-breakpoint
CREATE TRIGGER "sessions_notify_access_delete" AFTER DELETE ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS NULL)
  EXECUTE FUNCTION "fitpost_notify_access"('user_id');--> statement-breakpoint
CREATE TRIGGER "user_roles_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "user_roles" FOR EACH ROW
  EXECUTE FUNCTION "fitpost_notify_access"('user_id');--> statement-breakpoint
CREATE TRIGGER "users_notify_access" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "fitpost_notify_access"('id');--> statement-breakpoint
CREATE TRIGGER "user_properties_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "user_properties" FOR EACH ROW
  EXECUTE FUNCTION "fitpost_notify_access"('user_id');--> statement-breakpoint
CREATE TRIGGER "organisation_settings_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "organisation_settings" FOR EACH STATEMENT
  EXECUTE FUNCTION "fitpost_notify_access"('*');
