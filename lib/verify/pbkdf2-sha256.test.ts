import { pbkdf2Sync, randomBytes } from "node:crypto";
import { pbkdf2Sha256 } from "@/lib/verify/pbkdf2-sha256";

test("the plain-JavaScript PBKDF2-HMAC-SHA256 gives node:crypto's bytes", () => {
  const cases: Array<[Uint8Array, Uint8Array, number]> = [
    [Buffer.from("password"), Buffer.from("salt"), 1],
    [Buffer.from("password"), Buffer.from("salt"), 2],
    [Buffer.from("passwordPASSWORDpassword"), Buffer.from("saltSALTsaltSALTsaltSALTsaltSALTsalt"), 4096],
    [randomBytes(100), randomBytes(16), 1000],
    [randomBytes(36), randomBytes(55), 7],
  ];
  for (const [password, salt, iterations] of cases) {
    expect(Buffer.from(pbkdf2Sha256(password, salt, iterations)).toString("hex")).toBe(pbkdf2Sync(password, salt, iterations, 32, "sha256").toString("hex"));
  }
  // RFC 7914 §11 test vector for PBKDF2-HMAC-SHA256 (first 32 bytes).
  expect(Buffer.from(pbkdf2Sha256(Buffer.from("passwd"), Buffer.from("salt"), 1)).toString("hex")).toBe("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc");
});
