// Reward constants (business limits). Plain data: the browser may import it.

/** Minutes the referrer gets for each new account signed up through their link; no cap. */
export const REFERRAL_BONUS_MINUTES = 100;
/** Extra video-platform tool uses the referrer gets per referral (2 base uses plus 1 per referral). */
export const REFERRAL_VIDEO_TOOL_USES = 1;
/** Minutes a paying member gets, once, for joining the community. */
export const COMMUNITY_REWARD_MINUTES = 1000;
/** Longest promo or referral code accepted. */
export const MAX_CODE_LENGTH = 64;

/** Codes are typed by people: compared without case and surrounding blanks. */
export function normalizeCode(raw: string): string {
  return raw.trim().toUpperCase();
}
