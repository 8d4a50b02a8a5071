// Typed client calls for referral and promo codes (docs/billing.md "Referral, promo codes, rewards").
import { api } from "@/lib/client/api";

export interface ReferralInfo {
  code: string;
  link: string;
  bonus_minutes: number;
  successful_referrals: number;
  referral_bonus_minutes: number;
  video_tool_bonus_uses: number;
}

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
