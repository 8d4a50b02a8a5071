import { LinkFetchError } from "@/lib/links/fetch-error";

/** The code of the LinkFetchError a run throws ("no error" if it succeeds); any other error is thrown on. */
export async function linkFailureCode(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (e) {
    if (e instanceof LinkFetchError) return e.code;
    throw e;
  }
  return "no error";
}
