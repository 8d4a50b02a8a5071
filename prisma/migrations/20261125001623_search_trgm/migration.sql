-- Search (lib/search/search.service.ts, docs/search.md).
-- pg_trgm gives substring matches in any script, the full-text indexes give word matches,
-- with Chinese, Japanese and Korean runs cut into overlapping two-character terms first
-- (tingji_search_terms), so a two-character word such as 会议 has a term of its own.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Non-CJK text passes through, each CJK run becomes its overlapping bigrams ("会议室" → "会议 议室").
-- IMMUTABLE so that it may appear in an index expression: the query side must call it the same way.
CREATE OR REPLACE FUNCTION tingji_search_terms(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN m[1] IS NULL THEN m[2]
         WHEN length(m[1]) = 1 THEN m[1]
         ELSE (SELECT string_agg(substr(m[1], i, 2), ' ') FROM generate_series(1, length(m[1]) - 1) AS i)
    END, ' '), '')
  FROM regexp_matches(input, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+)|([^\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+)', 'g') AS m
$$;

-- CreateIndex
CREATE INDEX "Task_title_trgm_idx" ON "Task" USING GIN ("title" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "Task_summary_trgm_idx" ON "Task" USING GIN ("summary" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "TimelineEntry_text_trgm_idx" ON "TimelineEntry" USING GIN ("text" gin_trgm_ops);

-- Expression indexes are outside Prisma's schema language (its diff ignores them).
CREATE INDEX "Task_title_fts_idx" ON "Task" USING GIN (to_tsvector('simple'::regconfig, tingji_search_terms("title")));
CREATE INDEX "Task_summary_fts_idx" ON "Task" USING GIN (to_tsvector('simple'::regconfig, tingji_search_terms(coalesce("summary", ''))));
CREATE INDEX "TimelineEntry_text_fts_idx" ON "TimelineEntry" USING GIN (to_tsvector('simple'::regconfig, tingji_search_terms("text")));
