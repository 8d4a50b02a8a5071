// Polling for what another process (a worker, a loopback server) does in its own time.

export interface WaitOptions {
  /** Give up (and fail) after this long. */
  timeoutMs?: number;
  /** Probe again after this long. */
  everyMs?: number;
}

/** Probes until it answers something truthy and returns that answer; throws "timed out waiting for <what>". */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, { timeoutMs = 60_000, everyMs = 250 }: WaitOptions = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
