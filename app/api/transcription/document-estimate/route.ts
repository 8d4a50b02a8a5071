import { apiRoute } from "@/lib/api/handler";
import { estimateDocuments } from "@/lib/imports/documents.service";

// The minutes documents would use (about 600 bytes per minute), for the confirmation before import.
export const POST = apiRoute({ auth: "user", handler: async ({ req, caller }) => estimateDocuments(req, caller.user.id) });
