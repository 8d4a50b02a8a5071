import { apiRoute } from "@/lib/api/handler";
import { getReferralInfo } from "@/lib/rewards/referral";

// The caller's referral code, link, bonus minutes and successful referrals (entity fields, API contract).
export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => getReferralInfo(caller.user.id) });
