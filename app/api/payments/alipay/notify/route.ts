import { apiRoute } from "@/lib/api/handler";
import { handleAlipayNotify } from "@/lib/billing/alipay-notify";

// Public: Alipay calls it with a form body. Nothing happens without a valid signature.
// Alipay reads only the plain text "success" (stop sending) or anything else (send again);
// a refusal also goes out as HTTP 400 so that it reads as one in logs and drills.
const NOTIFY_BODY_LIMIT_BYTES = 64 * 1024;

function plain(text: "success" | "fail"): Response {
  return new Response(text, { status: text === "success" ? 200 : 400, headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" } });
}

export const POST = apiRoute({
  auth: "optional",
  handler: async ({ req }) => {
    if (Number(req.headers.get("content-length") ?? 0) > NOTIFY_BODY_LIMIT_BYTES) return plain("fail");
    const raw = await req.text();
    if (Buffer.byteLength(raw) > NOTIFY_BODY_LIMIT_BYTES) return plain("fail");
    const params: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(raw)) params[key] = value;
    return plain(await handleAlipayNotify(params));
  },
});
