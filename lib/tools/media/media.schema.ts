import { z } from "zod";
import { safeId } from "@/lib/server/text";

/** Path of every /api/tools/media/files/{id}... route. */
export const fileIdParams = z.object({ id: safeId });
