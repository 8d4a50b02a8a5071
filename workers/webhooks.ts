import "server-only";
import type { Job } from "bullmq";
import { jobs } from "@/lib/jobs/contract";
import { attemptDelivery } from "@/lib/webhooks/deliver";

/** "webhook.deliver": one try; a failed try that has tries left is thrown, so BullMQ retries it after its backoff. */
export async function runWebhookDeliveryJob(job: Job): Promise<unknown> {
  const { deliveryId } = jobs["webhook.deliver"].payload.parse(job.data);
  const outcome = await attemptDelivery(deliveryId, { final: job.attemptsMade + 1 >= (job.opts.attempts ?? 1) });
  if (outcome === "retry") throw new Error(`webhook delivery ${deliveryId} failed; retrying`);
  return { outcome };
}
