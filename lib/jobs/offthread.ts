import "server-only";
import { fork, type Serializable } from "node:child_process";
import path from "node:path";

/**
 * Runs a CPU-heavy function in a child Node process, so the worker's event loop
 * stays free: BullMQ renews the job's lock, the heartbeat beats, cancel
 * messages arrive, and a long diarization cannot make the job look stalled
 * (and be picked up a second time). The child loads TypeScript through tsx and
 * the same react-server condition as the worker, and is killed when `signal`
 * aborts. `modulePath` is relative to the project root (the worker's cwd) and
 * must export `exportName` as a function of one structured-cloneable argument.
 */
export function runOffThread<T>(modulePath: string, exportName: string, input: Serializable, opts: { signal?: AbortSignal } = {}): Promise<T> {
  opts.signal?.throwIfAborted();
  // Not a module for the bundler to follow: the child is started by path, at run time.
  const bootstrap = path.join(/* turbopackIgnore: true */ process.cwd(), "lib/jobs/offthread-child.ts");
  return new Promise<T>((resolve, reject) => {
    const child = fork(/* turbopackIgnore: true */ bootstrap, [path.join(/* turbopackIgnore: true */ process.cwd(), modulePath), exportName], {
      execArgv: ["--import", "tsx", "--conditions=react-server"],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener("abort", onAbort);
      fn();
    };
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(() => reject(opts.signal!.reason));
    };
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    child.once("message", (m: { ok: true; value: T } | { ok: false; error: string }) => {
      finish(() => (m.ok ? resolve(m.value) : reject(new Error(m.error))));
      child.disconnect();
    });
    child.once("error", (e) => finish(() => reject(e)));
    child.once("exit", (code, sig) => finish(() => reject(new Error(`${modulePath}#${exportName} exited before answering (${sig ?? `exit ${code}`})`))));
    child.send(input);
  });
}
