import { apiRoute } from "@/lib/api/handler";
import { consumeLimit } from "@/lib/rate-limit/rate-limit";
import { redeemPromoCode } from "@/lib/rewards/promo";
import { promoUseBody } from "@/lib/rewards/rewards.schema";

// Redeems a code: its minutes become bonus minutes, once per user.
export const POST = apiRoute({
  auth: "user",
  body: promoUseBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, body }) => {
    await consumeLimit("promoTriesPerUser", caller.user.id);
    return redeemPromoCode(caller.user.id, body.code);
  },
});
