import "server-only";
import type { Edition } from "@/lib/edition/edition";
import { env } from "@/lib/server/env";
import type { LoginMethods } from "./auth.schema";
import { googleEnabled } from "./google";
import { devLoginConfig } from "./session";

/** What decides the ways in: the host's edition and which services are configured. */
export interface LoginSettings {
  edition: Edition;
  smsProxy: boolean;
  google: boolean;
  dev: boolean;
}

/**
 * A way in is offered only when it can work (docs/auth.md "Which ways in a host offers"):
 * - phone: China edition with an SMS proxy;
 * - email link: the international edition always; the China edition when it has no SMS proxy,
 *   so a China host is never left without a way in. Mail always has a transport (SMTP, else the
 *   outbox folder), so email needs no setting of its own;
 * - Google: its client settings, international edition only (googleEnabled);
 * - development login: its three settings, outside production (devLoginConfig).
 */
export function loginMethodsFor(s: LoginSettings): LoginMethods {
  const phone = s.edition === "china" && s.smsProxy;
  return { phone, email: !phone, google: s.google && s.edition !== "china", dev: s.dev };
}

/** The ways in for a request on this edition's host, from the server's settings. */
export function loginMethods(edition: Edition): LoginMethods {
  return loginMethodsFor({ edition, smsProxy: Boolean(env().SMS_PROXY_URL), google: googleEnabled(edition), dev: devLoginConfig() !== null });
}
