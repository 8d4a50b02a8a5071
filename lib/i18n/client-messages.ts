import "server-only";
import type { AbstractIntlMessages } from "next-intl";
import type { Namespace } from "./messages";

// Which messages each area's browser code gets (the rest stays on the server). The root layout
// gives every page the shell's; an area's layout adds its own through components/shell/MessagesScope.
// The lists follow each area's imports (bench/README.md "load: findings"): a namespace missing
// here shows its key and logs MISSING_MESSAGE in the web's log, which the e2e run would print.

type Messages = AbstractIntlMessages;
/** A namespace, or one part of it ("errors.common"). */
type MessagePath = Namespace | `${Namespace}.${string}`;

/** The shell on every page: components/shell (Providers, ClientPrompts) and the API client's own messages (errors.common, common.transport). */
export const SHELL_MESSAGES: readonly MessagePath[] = ["app", "clients", "common", "errors.common"];
/** The public share page (components/sharing/SharedPage), read by people with a link: its text is rendered on the server, its browser code needs nothing beyond the shell. */
export const SHARE_PAGE_MESSAGES: readonly MessagePath[] = [];
/** The free media tools site (app/tools). */
export const TOOLS_MESSAGES: readonly MessagePath[] = ["auth", "mediatools", "rewards", "signin", "tasks", "tools"];

/** The given namespaces (or parts of one) of `all`. */
export function pickMessages(all: Messages, paths: readonly MessagePath[]): Messages {
  const out: Messages = {};
  for (const p of paths) {
    const [ns, part] = p.split(".", 2) as [string, string | undefined];
    const value = all[ns];
    if (value === undefined) continue;
    if (part === undefined) out[ns] = value;
    else {
      const sub = typeof value === "string" ? undefined : value[part];
      if (sub !== undefined) out[ns] = { ...((out[ns] as Messages | undefined) ?? {}), [part]: sub };
    }
  }
  return out;
}

/** The namespaces a list carries whole (not just a part of them). */
export function wholeNamespaces(paths: readonly MessagePath[]): string[] {
  return paths.filter((p) => !p.includes("."));
}

/** Namespaces only server-rendered pages read (the landing page of app/transcribe/page.tsx): never sent to the browser. */
const SERVER_ONLY_NAMESPACES: readonly Namespace[] = ["landing"];

/** Every namespace the shell does not already carry whole (an app page needs them all). */
export function messagesBeyondShell(all: Messages): Messages {
  const whole = new Set([...wholeNamespaces(SHELL_MESSAGES), ...SERVER_ONLY_NAMESPACES]);
  return Object.fromEntries(Object.entries(all).filter(([ns]) => !whole.has(ns)));
}
