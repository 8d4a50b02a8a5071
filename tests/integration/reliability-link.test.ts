import { CLOSED_PORT } from "./reliability-link.env";
import net from "node:net";
import { Worker } from "bullmq";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { bullPrefix, closeQueues, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { taskOnceItIs } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { transcriptionJobOnceFailed } from "@/tests/helpers/jobs";
import { runTranscriptionJob } from "@/workers/transcription";

// A link whose site cannot be reached is retried (it may be a passing network
// fault) and then ends with the link's own message and suggestions — check the
// link, retry later — instead of the generic "transcription failed".
jest.setTimeout(90_000);

let port = 0;
let worker: Worker;
const connection = newRedisConnection();

beforeAll(async () => {
  // Nobody listens on the port: connections are refused.
  port = CLOSED_PORT;
  const refused = await new Promise<boolean>((r) => net.connect(port, "127.0.0.1").once("connect", () => r(false)).once("error", () => r(true)));
  expect(refused).toBe(true);
  await setupTestDatabase();
  worker = new Worker(queues.media, runTranscriptionJob, { connection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  await worker.close();
  await closeQueues();
  await connection.quit();
});

it("an unreachable site fails with the link's message after the retries", async () => {
  const user = await signIn("linker");
  const res = await call<{ task: { id: string } }>(importLink, { token: user.token, json: { url: `http://127.0.0.1:${port}/watch/talk.mp4` } });
  expect(res.code).toBe(200);
  const id = res.data.task.id;
  const task = await taskOnceItIs(user.token, id, "failed", { everyMs: 100 });
  expect(task.status).toBe("failed");
  expect(task.errorDetails).toMatchObject({ errorCode: "link_network", message: "The video site could not be reached from our server", suggestions: ["retryLater", "downloadAndUpload"] });
  // Retried: a network fault may pass.
  const job = await transcriptionJobOnceFailed(id);
  expect(job.attemptsMade).toBe(3);
});
