-- Search per owner (lib/search, docs/search.md). With one text index over every user's entries, a
-- common word made PostgreSQL fetch every user's matching rows and then drop all but the caller's.
-- The entries now carry their task owner's id (set by a trigger, never by code), and the search
-- indexes lead with it (btree_gin lets a GIN index hold the plain text column), so a search reads
-- only the caller's own matching entries. Shared tasks are searched by task id.
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- AlterTable
ALTER TABLE "TimelineEntry" ADD COLUMN     "ownerId" TEXT;

UPDATE "TimelineEntry" e SET "ownerId" = t."userId" FROM "Task" t WHERE t.id = e."taskId";

-- Tasks never change owner, so the owner is fixed when an entry is written.
CREATE OR REPLACE FUNCTION tingji_timeline_owner() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW."ownerId" := (SELECT t."userId" FROM "Task" t WHERE t.id = NEW."taskId");
  RETURN NEW;
END
$$;

CREATE TRIGGER "TimelineEntry_owner" BEFORE INSERT OR UPDATE OF "taskId", "ownerId" ON "TimelineEntry"
FOR EACH ROW EXECUTE FUNCTION tingji_timeline_owner();

-- DropIndex
DROP INDEX "TimelineEntry_text_trgm_idx";
DROP INDEX "TimelineEntry_text_fts_idx";

-- CreateIndex
-- Expression indexes (lower(text) for pg_trgm), which Prisma's schema diff ignores: its schema language has no
-- way to state a GIN index over a plain text column and a trigram column together.
CREATE INDEX "TimelineEntry_owner_text_trgm_idx" ON "TimelineEntry" USING GIN ("ownerId", lower("text") gin_trgm_ops);
CREATE INDEX "TimelineEntry_owner_text_fts_idx" ON "TimelineEntry" USING GIN ("ownerId", to_tsvector('simple'::regconfig, tingji_search_terms("text")));
