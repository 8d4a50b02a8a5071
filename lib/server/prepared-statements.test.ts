import { preparedStatementNames } from "@/lib/server/prepared-statements";

describe("prepared statement names", () => {
  it("gives one SQL text one stable name, and different texts different names", () => {
    const name = preparedStatementNames();
    const a = name({ sql: 'SELECT "id" FROM "Task" WHERE "userId" = $1' });
    expect(a).toMatch(/^p_[\w-]{27}$/);
    expect(name({ sql: 'SELECT "id" FROM "Task" WHERE "userId" = $1' })).toBe(a);
    expect(name({ sql: 'SELECT "id" FROM "Task" WHERE "id" = $1' })).not.toBe(a);
    // Another process (a new generator) names the same text the same way.
    expect(preparedStatementNames()({ sql: 'SELECT "id" FROM "Task" WHERE "userId" = $1' })).toBe(a);
  });

  it("leaves statements unnamed past its limit, but keeps naming the ones it knows", () => {
    const name = preparedStatementNames(2);
    const first = name({ sql: "SELECT 1" });
    name({ sql: "SELECT 2" });
    expect(name({ sql: "SELECT 3" })).toBe("");
    expect(name({ sql: "SELECT 1" })).toBe(first);
  });
});
