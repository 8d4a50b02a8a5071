"use client";

import type { ReactNode } from "react";
import { usePathname } from "next/navigation";
import { RequireAuth } from "@/lib/client/auth";
import { isPublicPage, isUngatedPath } from "@/lib/client/routes";
import { CentredLoader } from "./CentredLoader";

/**
 * Gates every page of its subtree except the ungated ones of states and transitions (login, callback, share, show, tools)
 * and the public ones (the home's landing page, the plans page), which decide for themselves.
 */
export function AuthGate({ children }: { children: ReactNode }) {
  const pathname = usePathname() ?? "/";
  if (isUngatedPath(pathname) || isPublicPage(pathname)) return <>{children}</>;
  return <RequireAuth fallback={<CentredLoader />}>{children}</RequireAuth>;
}
