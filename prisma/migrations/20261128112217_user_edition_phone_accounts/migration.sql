-- Accounts belong to the edition they were made on (docs/auth.md "Editions keep accounts apart"): a token, an
-- MCP key or a sign-in of one edition's account is refused on the other edition's host. "User"."edition" has
-- existed since the first migration (NOT NULL, default 'international') and sign-ups set it from their host, so
-- existing accounts keep the edition they have. Phone accounts can only be made through the China edition's
-- phone login: one still marked international is a China account.
UPDATE "User" SET "edition" = 'china' WHERE "phone" IS NOT NULL AND "email" IS NULL AND "edition" <> 'china';
