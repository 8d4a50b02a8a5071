import { NextResponse } from "next/server";

// The manifest's share target, reached only when no service worker took the POST (the app was never installed
// here, or the worker was cleared): nothing is stored; the browser is sent to the home (docs/devices.md "Share into the app").
export function POST(req: Request) {
  return NextResponse.redirect(new URL("/transcribe?shared=0", req.url), 303);
}
