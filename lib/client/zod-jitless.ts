import { z } from "zod";

// zod compiles fast object parsers with Function() when it may, and probes for that with
// Function(""): under the pages' CSP (no 'unsafe-eval', lib/server/security-headers.ts) the
// probe is refused and reported as a CSP violation. The interpreted parsers are plenty for
// the browser's forms, so the browser never asks. Imported first by components/shell/Providers.tsx.
z.config({ jitless: true });
