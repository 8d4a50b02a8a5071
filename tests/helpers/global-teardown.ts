// jest globalTeardown: drop this run's databases and Redis keys. See tests/helpers/db.ts.
import { finishTestRun } from "./db";

export default async function globalTeardown(): Promise<void> {
  await finishTestRun();
}
