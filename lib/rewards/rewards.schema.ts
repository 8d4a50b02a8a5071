import { z } from "zod";
import { safeText } from "@/lib/server/text";
import { MAX_CODE_LENGTH } from "./constants";

// An empty code is let through to the service, which answers "code required" (error catalogue Promo).
const code = safeText({ max: MAX_CODE_LENGTH });

export const promoUseBody = z.object({ code: code.optional().default("") });
export const promoCodeParams = z.object({ code });
export const referralValidateQuery = z.object({ code: code.optional().default("") });
