import "server-only";
import { env } from "./env";
import { currentRequestId } from "./request-context";

const order = { debug: 10, info: 20, warn: 30, error: 40 } as const;
type Level = keyof typeof order;

// One JSON line per event, so logs from web and worker can be grepped alike.
function log(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < order[env().LOG_LEVEL]) return;
  const requestId = currentRequestId();
  const line = JSON.stringify({ t: new Date().toISOString(), level, msg, ...(requestId ? { requestId } : {}), ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => log("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => log("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => log("error", m, f),
};
