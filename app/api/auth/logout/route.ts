import { apiRoute } from "@/lib/api/handler";
import { logoutBody } from "@/lib/auth/auth.schema";
import { closeSession } from "@/lib/auth/session";

export const POST = apiRoute({
  auth: "user",
  body: logoutBody,
  handler: async ({ caller, body }) => {
    await closeSession(caller, body.device_id);
    return null;
  },
});
