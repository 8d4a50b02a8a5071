// Imported first by kills.test.ts: loopback speech, AI and video site on ports of their own.
import { pointAtLoopbackServices } from "@/scripts/drills/loopback-env";
import { loopbackPort } from "@/tests/helpers/ports";

const base = loopbackPort(3);
export const PORTS = pointAtLoopbackServices({ speech: base, ai: base + 1, site: base + 2 });
export const FULL = process.env.DRILL_FULL === "1";
