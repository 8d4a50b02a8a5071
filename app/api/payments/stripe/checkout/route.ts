import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { createCardCheckout } from "@/lib/billing/checkout";

const body = z.object({ plan: z.string().max(32), period: z.enum(["month", "year"]) });

export const POST = apiRoute({ auth: "user", body, bodyLimitBytes: 4096, handler: async ({ caller, body, edition }) => createCardCheckout(caller.user.id, body, edition) });
