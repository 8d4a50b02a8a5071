import { AppError } from "@/lib/server/errors";
import type { Edition } from "@/lib/edition/edition";

/** The transcript tool is not offered on the China edition (its page redirects to /tools). */
export function refuseOnChinaEdition(edition: Edition): void {
  if (edition === "china") throw new AppError("common.requestDenied");
}
