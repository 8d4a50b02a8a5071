-- Folder names are unique per user regardless of case ("Work" and "work" clash).
-- An expression index, which schema.prisma cannot state. lib/folders checks first
-- and turns a race that reaches this index into "folders.nameExists".
CREATE UNIQUE INDEX "Folder_userId_lower_name_key" ON "Folder" ("userId", lower("name"));
