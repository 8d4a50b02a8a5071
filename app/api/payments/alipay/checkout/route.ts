import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { createAlipayOrder } from "@/lib/billing/alipay";

const body = z.object({ plan: z.string().max(32), period: z.enum(["month", "year"]) });

export const POST = apiRoute({ auth: "user", body, bodyLimitBytes: 4096, handler: async ({ caller, body }) => createAlipayOrder(caller.user.id, body) });
