import { apiRoute } from "@/lib/api/handler";
import { askHistoryParams } from "@/lib/analysis/analysis.schema";
import { chatHistory, clearChatHistory } from "@/lib/analysis/chat.service";

export const GET = apiRoute({ auth: "user", params: askHistoryParams, handler: async ({ caller, params }) => chatHistory(caller.user.id, params.id) });

export const DELETE = apiRoute({ auth: "user", params: askHistoryParams, handler: async ({ caller, params }) => clearChatHistory(caller.user.id, params.id) });
