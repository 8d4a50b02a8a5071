"use client";
import { useCallback, useEffect, useState } from "react";
import { rewardsApi, type ReferralInfo } from "@/lib/rewards/rewards.client";

/** The caller's referral info, loaded once; `setInfo` lets a redeemed code update the bonus minutes in place. */
export function useReferralInfo() {
  const [info, setInfo] = useState<ReferralInfo | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setInfo(await rewardsApi.referralInfo());
      setError(null);
    } catch (e) {
      setError(e);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { info, error, setInfo, reload: () => void load() };
}
