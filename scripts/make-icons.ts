// Draws the installed app's icons (public/icons/) from public/favicon.svg with sharp.
// Run again after the logo changes: `npx tsx scripts/make-icons.ts`. The PNGs are committed,
// so a build never depends on this script.
import { readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const root = path.join(__dirname, "..");
const out = (name: string) => path.join(root, "public/icons", name);
const logo = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
const BRAND = "#4f46e5";

// The logo's glyph without its rounded tile, for full-bleed (maskable) icons.
const glyph = logo.replace(/<rect width="64" height="64" rx="16" fill="#4f46e5"\/>/, "");

// A maskable icon keeps its glyph inside the central 80 % circle (the platforms' safe zone): a square tile of
// the brand colour; the glyph's farthest corner (51, 46) lies 23.6 units from the centre, inside the 25.6 of that circle.
function maskable(): string {
  const inner = glyph.replace(/<svg[^>]*>/, "").replace("</svg>", "");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/>${inner}</svg>`;
}

// Shortcut icons: a record dot and an upload arrow on the brand tile.
const record = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${BRAND}"/><circle cx="32" cy="32" r="13" fill="#fff"/><circle cx="32" cy="32" r="8" fill="#ef4444"/></svg>`;
const upload = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="${BRAND}"/><path d="M32 16 20 29h8v12h8V29h8z" fill="#fff"/><rect x="18" y="44" width="28" height="5" rx="2.5" fill="#fff"/></svg>`;

async function png(svg: string, size: number, file: string): Promise<void> {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) }).resize(size, size).png({ compressionLevel: 9 }).toFile(out(file));
}

async function main(): Promise<void> {
  for (const size of [48, 72, 96, 128, 144, 192, 256, 384, 512]) await png(logo, size, `icon-${size}.png`);
  for (const size of [192, 512]) await png(maskable(), size, `maskable-${size}.png`);
  // iOS ignores the manifest's icons: it reads apple-touch-icon (180 px, no transparency).
  await png(maskable(), 180, "apple-touch-icon.png");
  await png(record, 96, "shortcut-record.png");
  await png(upload, 96, "shortcut-upload.png");
}

void main();
