"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Edition } from "@/lib/edition/edition";

export type { Edition };

// The edition is decided on the server from the request host (lib/edition/edition.ts)
// and handed down by the root layout; it is also on <html data-edition>.
const EditionContext = createContext<Edition>("international");

export function EditionProvider({ edition, children }: { edition: Edition; children: ReactNode }) {
  return <EditionContext.Provider value={edition}>{children}</EditionContext.Provider>;
}

export function useEdition(): Edition {
  return useContext(EditionContext);
}

export function useIsChinaEdition(): boolean {
  return useContext(EditionContext) === "china";
}
