import { apiRoute } from "@/lib/api/handler";
import { consumeLimit } from "@/lib/rate-limit/rate-limit";
import { validatePromoCode } from "@/lib/rewards/promo";
import { promoCodeParams } from "@/lib/rewards/rewards.schema";

// Whether the caller may redeem this code now; each refusal carries its own promo-code message.
export const GET = apiRoute({
  auth: "user",
  params: promoCodeParams,
  handler: async ({ caller, params }) => {
    await consumeLimit("promoTriesPerUser", caller.user.id);
    return validatePromoCode(caller.user.id, params.code);
  },
});
