import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import { dataDir, env } from "./env";
import { logger } from "./logger";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends over SMTP when SMTP_URL is set. Otherwise the mail is written to
 * var/outbox/ and logged, so that newcomers and tests can follow login links.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const smtp = env().SMTP_URL;
  if (smtp) {
    await nodemailer.createTransport(smtp).sendMail({ from: env().MAIL_FROM, ...mail });
    return;
  }
  const dir = dataDir("outbox");
  // Named before the first await, so names follow the order in which mails were sent.
  const file = path.join(dir, outboxFileName(mail.to));
  await fs.mkdir(dir, { recursive: true });
  // "wx": never overwrite another mail, even if a name ever repeated.
  await fs.writeFile(file, JSON.stringify({ from: env().MAIL_FROM, date: new Date().toISOString(), ...mail }, null, 2), { flag: "wx" });
  logger.info("mail written to outbox (no SMTP_URL configured)", { to: mail.to, subject: mail.subject, file, text: mail.text });
}

let sequence = 0;

/**
 * Unique and in sending order: time, then a per-process counter (mails of the
 * same millisecond), then random bytes (other processes), then the address.
 */
export function outboxFileName(to: string): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${Date.now()}-${String(sequence).padStart(6, "0")}-${randomBytes(4).toString("hex")}-${to.replace(/[^a-z0-9@._-]/gi, "_")}.json`;
}
