import { apiRoute } from "@/lib/api/handler";
import { clearToolFiles, listToolFiles, uploadToolFile } from "@/lib/tools/media/files.service";
import { admitMediaUpload } from "@/lib/tools/media/limits";
import { toolOwner, withVisitorCookie } from "@/lib/tools/media/owner";

// The media tools need no login: a signed-in caller owns by account, anyone else by the visitor cookie.
export const GET = apiRoute({ auth: "optional", handler: async ({ req, caller }) => {
  const owner = await toolOwner(req, caller);
  return withVisitorCookie(owner, await listToolFiles(owner));
} });

// Multipart ("tool": extract | compress, one "file" up to 1 GB), streamed to disk, probed, stored.
// The limits (rate per visitor and address, files held) refuse before the body is read.
export const POST = apiRoute({ auth: "optional", handler: async ({ req, caller }) => {
  const owner = await toolOwner(req, caller);
  await admitMediaUpload(req, owner);
  return withVisitorCookie(owner, await uploadToolFile(req, owner));
} });

// "Clear all": every file of the caller's history, with its stored files.
export const DELETE = apiRoute({ auth: "optional", handler: async ({ req, caller }) => {
  const owner = await toolOwner(req, caller);
  return withVisitorCookie(owner, await clearToolFiles(owner));
} });
