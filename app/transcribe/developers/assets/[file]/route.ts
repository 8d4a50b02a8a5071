import fs from "node:fs/promises";
import path from "node:path";

// Swagger UI's script, served from the installed package (no CDN); its styles are bundled by the page.
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

export async function GET(_req: Request, ctx: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await ctx.params;
  const type = FILES[file];
  if (!type) return new Response("not found", { status: 404, headers: { "x-content-type-options": "nosniff" } });
  const body = await fs.readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(new Uint8Array(body), { headers: { "content-type": type, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" } });
}
