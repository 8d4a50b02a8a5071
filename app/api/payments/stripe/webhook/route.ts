import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { handleStripeWebhook } from "@/lib/billing/stripe-webhook";

// Public: Stripe calls it. Nothing happens without a valid signature over the raw body.
const WEBHOOK_BODY_LIMIT_BYTES = 512 * 1024;

export const POST = apiRoute({
  auth: "optional",
  handler: async ({ req }) => {
    if (Number(req.headers.get("content-length") ?? 0) > WEBHOOK_BODY_LIMIT_BYTES) throw new AppError("common.bodyTooLarge", { limitMb: 1 });
    const raw = await req.text();
    if (Buffer.byteLength(raw) > WEBHOOK_BODY_LIMIT_BYTES) throw new AppError("common.bodyTooLarge", { limitMb: 1 });
    return handleStripeWebhook(raw, req.headers.get("stripe-signature"));
  },
});
