"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { solveChallenge, type Challenge, type DeriveKeyFunction } from "altcha-lib";
import { deriveKey as webCryptoDeriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import type { HumanChallenge } from "@/lib/verify/verify.schema";
import { api } from "@/lib/client/api";
import { pbkdf2Sha256 } from "@/lib/verify/pbkdf2-sha256";
import { STORAGE_KEYS, writeItem } from "@/lib/client/storage";

// The browser half of the human check (docs/auth.md "Human verification and regions").
// ALTCHA: fetch a signed challenge and solve it at once (WebCrypto PBKDF2), so a sign-in form
// never waits for a click; Turnstile: the widget in components/verify/HumanCheck.tsx hands its
// token in. A token counts once, so taking one starts the next check straight away.

export type HumanCheckStatus = "loading" | "solving" | "verified" | "error" | "turnstile";

export interface HumanCheck {
  status: HumanCheckStatus;
  /** Turnstile's site key when that provider is on. */
  siteKey: string | null;
  /** Bumped whenever a Turnstile token was taken: the widget resets for a new one. */
  turnstileRound: number;
  /** A token for one sign-in start (waits for a running proof-of-work); "" when none, and the server answers "required". */
  takeToken(): Promise<string>;
  /** Starts over after an error. */
  retry(): void;
  /** The Turnstile widget's callback (null when its token expired or failed). */
  setTurnstileToken(token: string | null): void;
}

interface Solved {
  token: string;
  /** Epoch seconds after which the server calls it expired. */
  expiresAt: number | null;
}

// WebCrypto exists only in secure contexts (https, localhost); elsewhere the same PBKDF2 in plain JavaScript.
export const plainDeriveKey: DeriveKeyFunction = async (parameters, salt, password) => ({
  derivedKey: pbkdf2Sha256(password, salt, parameters.cost, parameters.keyLength ?? 32),
});
const deriveKey: DeriveKeyFunction = (parameters, salt, password) =>
  (typeof crypto !== "undefined" && crypto.subtle ? webCryptoDeriveKey : plainDeriveKey)(parameters, salt, password);

async function solve(challenge: Challenge): Promise<Solved> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("proof-of-work gave up");
  const payload = JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } });
  const expiresAt = typeof challenge.parameters.expiresAt === "number" ? challenge.parameters.expiresAt : null;
  return { token: btoa(payload), expiresAt };
}

export function useHumanCheck(): HumanCheck {
  const [status, setStatus] = useState<HumanCheckStatus>("loading");
  const [siteKey, setSiteKey] = useState<string | null>(null);
  const [turnstileRound, setTurnstileRound] = useState(0);
  const pending = useRef<Promise<Solved | null> | null>(null);
  const turnstileToken = useRef<string | null>(null);
  const alive = useRef(true);

  const generation = useRef(0);

  const start = useCallback(() => {
    const mine = ++generation.current;
    // Only the newest check may change what the widget shows.
    const current = () => alive.current && generation.current === mine;
    const run = (async (): Promise<Solved | null> => {
      if (current()) setStatus("loading");
      const setup = await api.get<HumanChallenge>("/api/verify/challenge", undefined, { authRedirect: false, updateOverlay: false });
      if (setup.provider === "turnstile") {
        if (current()) {
          setSiteKey(setup.site_key);
          setStatus("turnstile");
        }
        return null;
      }
      if (current()) setStatus("solving");
      const solved = await solve(setup.challenge as unknown as Challenge);
      if (current()) setStatus("verified");
      return solved;
    })();
    run.catch(() => {
      if (current()) setStatus("error");
    });
    pending.current = run;
    return run;
  }, []);

  useEffect(() => {
    alive.current = true;
    start();
    return () => {
      alive.current = false;
    };
  }, [start]);

  const takeToken = useCallback(async (): Promise<string> => {
    if (siteKey) {
      const token = turnstileToken.current ?? "";
      turnstileToken.current = null;
      setTurnstileRound((n) => n + 1);
      if (token) writeItem(STORAGE_KEYS.turnstileToken, token);
      return token;
    }
    let solved = await (pending.current ?? start()).catch(() => null);
    // A challenge left too long on an open page: fetch and solve a fresh one.
    if (solved?.expiresAt && solved.expiresAt * 1000 < Date.now() + 5_000) solved = await start().catch(() => null);
    start();
    if (!solved) return "";
    writeItem(STORAGE_KEYS.turnstileToken, solved.token);
    return solved.token;
  }, [siteKey, start]);

  const setTurnstileToken = useCallback((token: string | null) => {
    turnstileToken.current = token;
    setStatus(token ? "verified" : "turnstile");
  }, []);

  const retry = useCallback(() => {
    start();
  }, [start]);

  return { status, siteKey, turnstileRound, takeToken, retry, setTurnstileToken };
}
