import "server-only";
import { listAdmins, setAdmin } from "./admin";
import { isJobKind, purgeExpiredMedia, retryFailedJobs } from "./commands";
import { listWorkers, setDrain } from "./drain";

export const OPS_USAGE = `usage: npm run ops -- <command>
  grant-admin <email>          give the operator role (queue dashboard, /api/metrics)
  revoke-admin <email>         take it back (ends their dashboard sessions)
  admins                       list the admins
  workers                      list live workers (name, state, running jobs)
  drain <worker|--all>         stop taking new jobs, finish running ones, then stay idle
  undrain <worker|--all>       take jobs again
  retry-failed <kind|--all>    retry every failed job of a kind (e.g. analysis.run)
  purge-expired                remove expired media now (media tools files, stale scratch folders)`;

/** Runs one operator command (docs/operations.md); prints through `out`, returns the exit code. */
export async function runOpsCommand(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, arg] = argv;
  switch (command) {
    case "grant-admin":
    case "revoke-admin": {
      if (!arg) break;
      const found = await setAdmin(arg, command === "grant-admin");
      out(found ? `${arg} ${command === "grant-admin" ? "is now an admin" : "is no longer an admin"}` : `no account with the email ${arg}`);
      return found ? 0 : 1;
    }
    case "admins":
      for (const a of await listAdmins()) out(a);
      return 0;
    case "workers":
      for (const w of await listWorkers()) out(`${w.name}\t${w.state}\t${w.active} running\tseen ${Math.round((Date.now() - w.at) / 1000)} s ago`);
      return 0;
    case "drain":
    case "undrain": {
      if (!arg) break;
      const names = await setDrain(arg, command === "drain");
      if (names.length === 0) out("no live workers");
      for (const n of names) out(`${n}: ${command === "drain" ? "draining (see `workers` until it says drained)" : "taking jobs"}`);
      return 0;
    }
    case "retry-failed": {
      if (!arg || (arg !== "--all" && !isJobKind(arg))) break;
      const r = await retryFailedJobs(arg);
      out(`retried ${r.retried} failed job(s), skipped ${r.skipped} whose task moved on`);
      return 0;
    }
    case "purge-expired": {
      const r = await purgeExpiredMedia();
      out(`expired ${r.expired} media tools file(s), forgot ${r.forgotten}, failed ${r.stranded} stranded, removed ${r.scratchFolders} scratch folder(s)`);
      return 0;
    }
  }
  out(OPS_USAGE);
  return 2;
}
