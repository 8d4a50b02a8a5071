import { apiRoute } from "@/lib/api/handler";
import { libraryQuestionParams } from "@/lib/library-ask/library-ask.schema";
import { deleteLibraryQuestion } from "@/lib/library-ask/library-ask.service";

/** Deletes one question (and its answer) of the caller's library history. */
export const DELETE = apiRoute({
  auth: "user",
  params: libraryQuestionParams,
  handler: async ({ caller, params }) => deleteLibraryQuestion(caller.user.id, params.id),
});
