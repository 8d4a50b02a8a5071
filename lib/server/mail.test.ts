import fs from "node:fs";
import path from "node:path";
import { outboxFileName, sendMail } from "./mail";

// Without SMTP_URL every mail is a file in the outbox: none may overwrite another.
delete process.env.SMTP_URL;

test("20 mails to one address at once give 20 outbox files, in sending order", async () => {
  const to = "same-ms@example.com";
  await Promise.all(Array.from({ length: 20 }, (_, i) => sendMail({ to, subject: `Mail ${i}`, text: `body ${i}` })));
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  const files = fs.readdirSync(dir).filter((f) => f.includes(to)).sort();
  expect(files).toHaveLength(20);
  const subjects = files.map((f) => (JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { subject: string }).subject);
  expect(new Set(subjects).size).toBe(20);
  expect(subjects).toEqual(Array.from({ length: 20 }, (_, i) => `Mail ${i}`));
});

test("names made in the same millisecond differ and sort in the order made", () => {
  const names = Array.from({ length: 1000 }, () => outboxFileName("a@example.com"));
  expect(new Set(names).size).toBe(1000);
  expect([...names].sort()).toEqual(names);
});
