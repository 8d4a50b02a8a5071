"use client";
// Swagger UI over /api/v1/openapi.json, started from the browser once the page has hydrated. The page used to start it
// from an inline script on the window's load event, which a busy server or a streamed page could leave waiting for
// good ("Loading the reference…" for 20 s in the full e2e suite once). The bundle comes from our own server
// (./assets); the policy's 'strict-dynamic' trusts a script that our own (nonce-carrying) code adds.
import { useEffect, useRef, useState } from "react";

const BUNDLE = "/transcribe/developers/assets/swagger-ui-bundle.js";
type SwaggerWindow = Window & { SwaggerUIBundle?: (options: Record<string, unknown>) => unknown };

export function SwaggerReference({ loading, failed }: { loading: string; failed: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    const w = window as SwaggerWindow;
    let cancelled = false;
    const start = () => {
      if (cancelled) return;
      if (!w.SwaggerUIBundle || !host.current) return setState("failed");
      w.SwaggerUIBundle({ url: "/api/v1/openapi.json", domNode: host.current, deepLinking: true, tryItOutEnabled: false });
      setState("ready");
    };
    if (w.SwaggerUIBundle) start();
    else {
      // One script element however often the effect runs (React runs it twice in development).
      let script = document.querySelector<HTMLScriptElement>(`script[src="${BUNDLE}"]`);
      if (!script) {
        script = document.createElement("script");
        script.src = BUNDLE;
        document.body.appendChild(script);
      }
      script.addEventListener("load", start, { once: true });
      script.addEventListener("error", () => !cancelled && setState("failed"), { once: true });
    }
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <>
      {state !== "ready" && <p role={state === "failed" ? "alert" : undefined}>{state === "failed" ? failed : loading}</p>}
      <div ref={host} />
    </>
  );
}
