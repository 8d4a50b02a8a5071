import fs from "node:fs";

function parentOf(pid: string): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1];
  } catch {
    return undefined;
  }
}

/**
 * Running pocketsphinx_batch decoders that this test process started (each runs under a shell
 * of ours: lib/speech/batch-decoders.ts), by pid with their command lines. Other test files,
 * running at the same time, have their own.
 */
export function ownDecoders(): Map<string, string> {
  const found = new Map<string, string>();
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
      if (!cmd.startsWith("pocketsphinx_batch ")) continue;
      const shell = parentOf(pid);
      if (shell && parentOf(shell) === String(process.pid)) found.set(pid, cmd);
    } catch {
      /* ended */
    }
  }
  return found;
}
