// Typed client calls for referral and promo codes (docs/billing.md "Referral, promo codes, rewards").
import { api } from "@/lib/client/api";
import type { ReferralInfo } from "./referral";

export type { ReferralInfo };

export interface PromoRedeemed {
  code: string;
  minutes: number;
  expires_at: string | null;
  bonus_minutes: number;
}

export const rewardsApi = {
  referralInfo: () => api.get<ReferralInfo>("/api/referral/info"),
  redeemPromo: (code: string) => api.post<PromoRedeemed>("/api/promo-codes/use", { code }),
};
