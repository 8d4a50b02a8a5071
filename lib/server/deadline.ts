/**
 * `work`, or the error `late()` makes once `ms` have passed: for the waits on PostgreSQL and Redis that must
 * stay bounded (health probes, rate limits, the pool opened at start). The timer is cleared either way;
 * `work` keeps running, and its later failure is handled (Promise.race listens to it).
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
