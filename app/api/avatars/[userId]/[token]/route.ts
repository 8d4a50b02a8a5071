import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { serveAvatar } from "@/lib/account/avatar";

// Public like any profile picture: the address holds a fresh 128-bit token per upload (lib/account/avatar.ts).
export const GET = apiRoute({
  auth: "optional",
  params: z.object({ userId: z.string().min(1).max(64), token: z.string().min(1).max(64) }),
  handler: async ({ params }) => serveAvatar(params.userId, params.token),
});
