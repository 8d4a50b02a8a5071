import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { safeText } from "@/lib/server/text";
import { cardOrderStatus } from "@/lib/billing/checkout";

// Stripe session ids run past 64 characters.
const query = z.object({ session_id: safeText({ min: 1, max: 255 }) });

export const GET = apiRoute({ auth: "user", query, handler: async ({ caller, query }) => cardOrderStatus(caller.user.id, query.session_id) });
