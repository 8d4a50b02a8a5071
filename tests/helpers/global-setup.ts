// jest globalSetup: migrate this run's template database. See tests/helpers/db.ts.
import { prepareTestRun } from "./db";

export default async function globalSetup(): Promise<void> {
  await prepareTestRun();
}
