import { apiRoute } from "@/lib/api/handler";
import { isReferralCode } from "@/lib/rewards/referral";
import { referralValidateQuery } from "@/lib/rewards/rewards.schema";

// Whether a referral code exists (checked before sign-in, so open to anyone; the answer names no one).
export const GET = apiRoute({
  auth: "optional",
  query: referralValidateQuery,
  handler: async ({ query }) => ({ valid: await isReferralCode(query.code) }),
});
