import { apiRoute } from "@/lib/api/handler";
import { uploadAvatar } from "@/lib/account/avatar";
import { toUserInfo } from "@/lib/auth/users";

// Multipart (one "file", at most 5 MB): probed, resized to 256×256 webp, stored; answers the updated user.
export const POST = apiRoute({ auth: "user", handler: async ({ req, caller }) => toUserInfo(await uploadAvatar(req, caller.user.id)) });
