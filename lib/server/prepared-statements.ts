import { createHash } from "node:crypto";

/**
 * Names for Prisma's SQL as prepared statements (the pg adapter's statementNameGenerator): each
 * connection then parses a statement once and PostgreSQL keeps its plan, instead of parsing and
 * planning the same SQL on every call (bench/README.md "load: findings"). The name is a hash of the
 * text, so one name never stands for two statements. Past `limit` distinct texts (lists of varying
 * length make new ones) a statement goes unnamed, so no connection collects statements without end.
 */
export function preparedStatementNames(limit = 1000): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known) return known;
    if (names.size >= limit) return ""; // pg sends an empty name as the unnamed statement
    const name = `p_${createHash("sha1").update(sql).digest("base64url")}`;
    names.set(sql, name);
    return name;
  };
}
