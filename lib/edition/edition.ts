// The edition (international or China) is decided here and nowhere else.
export type Edition = "international" | "china";

/**
 * A host listed in chinaHosts (or ending in .cn) serves the China edition;
 * otherwise the configured region setting decides.
 */
export function editionForHost(host: string | null | undefined, setting: Edition, chinaHosts: string): Edition {
  const name = (host ?? "").toLowerCase().split(":")[0] ?? "";
  const listed = chinaHosts
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (name && (listed.includes(name) || name.endsWith(".cn"))) return "china";
  return setting;
}
