import "server-only";
import Google, { type GoogleProfile as GoogleClaims } from "next-auth/providers/google";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { decode, encode } from "next-auth/jwt";
import { errors as oidcErrors, generators, Issuer, type BaseClient } from "openid-client";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import type { Edition } from "@/lib/edition/edition";

// Google sign-in (API contract, docs/auth.md "Google sign-in"). The provider is next-auth v4's
// Google provider (its discovery document, scope, id-token and profile mapping), spoken with
// openid-client, the OpenID Connect client next-auth v4 itself runs on. next-auth's own route
// handler is not used: the spec's contract is that the browser lands on our callback page with
// the code and posts it to the social sign-in path, which answers a device session.

export type CallbackOrigin = "transcribe" | "tools";

/** How long a started sign-in may take before its state cookie lapses (Google's codes live 10 minutes). */
export const GOOGLE_FLOW_TTL_SEC = 10 * 60;
export const GOOGLE_FLOW_COOKIE = "tingji_google_flow";
// Its own key derivation salt: a flow cookie can never be read as an access token or the reverse.
const FLOW_SALT = "tingji.google-flow";

export interface GoogleProfile {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** Blocked without a client id (API contract) and on the China edition, which signs in by phone. */
export function googleEnabled(edition: Edition): boolean {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env();
  return Boolean(GOOGLE_CLIENT_ID && GOOGLE_CLIENT_SECRET) && edition !== "china";
}

function requireEnabled(edition: Edition): { clientId: string; clientSecret: string } {
  if (!googleEnabled(edition)) throw new AppError("auth.googleDisabled");
  return { clientId: env().GOOGLE_CLIENT_ID!, clientSecret: env().GOOGLE_CLIENT_SECRET! };
}

/**
 * next-auth's Google provider with our settings: the authorisation page asks for email and
 * profile with response type code and offline access (access_type=offline needs prompt=consent
 * at Google to hand out a refresh token every time).
 */
export function googleProvider(clientId: string, clientSecret: string): OAuthConfig<GoogleClaims> {
  const base = Google({ clientId, clientSecret });
  return {
    ...base,
    clientId,
    clientSecret,
    wellKnown: `${env().GOOGLE_ISSUER_URL.replace(/\/$/, "")}/.well-known/openid-configuration`,
    authorization: { params: { scope: "openid email profile", response_type: "code", access_type: "offline", prompt: "consent" } },
  };
}

// Discovery once per process and issuer; a failed one is forgotten so the next sign-in asks again.
const issuers = new Map<string, Promise<Issuer>>();

async function googleClient(edition: Edition): Promise<{ client: BaseClient; provider: OAuthConfig<GoogleClaims> }> {
  const { clientId, clientSecret } = requireEnabled(edition);
  const provider = googleProvider(clientId, clientSecret);
  const wellKnown = provider.wellKnown!;
  let issuer = issuers.get(wellKnown);
  if (!issuer) {
    issuer = Issuer.discover(wellKnown);
    issuers.set(wellKnown, issuer);
    issuer.catch(() => issuers.delete(wellKnown));
  }
  let found: Issuer;
  try {
    found = await issuer;
  } catch {
    throw new AppError("auth.providerUnavailable");
  }
  const client = new found.Client({ client_id: clientId, client_secret: clientSecret, response_types: ["code"], token_endpoint_auth_method: "client_secret_basic" });
  return { client, provider };
}

/** Our callback page for a sign-in started there (screens and routes: local origin plus /transcribe/callback or /tools/callback). */
export function callbackUrl(origin: CallbackOrigin): string {
  return new URL(`/${origin}/callback`, env().APP_URL).toString();
}

interface FlowState {
  state: string;
  verifier: string;
  redirectUri: string;
}

/**
 * The provider's authorisation address for a new sign-in, and the encrypted cookie that
 * remembers its state and PKCE verifier (as next-auth keeps its own) until the code comes back.
 */
export async function startGoogleSignIn(origin: CallbackOrigin, edition: Edition): Promise<{ url: string; cookie: string }> {
  const { client, provider } = await googleClient(edition);
  const flow: FlowState = { state: generators.state(), verifier: generators.codeVerifier(), redirectUri: callbackUrl(origin) };
  const params = typeof provider.authorization === "object" ? (provider.authorization.params ?? {}) : {};
  const url = client.authorizationUrl({
    ...(params as Record<string, string>),
    redirect_uri: flow.redirectUri,
    state: flow.state,
    code_challenge: generators.codeChallenge(flow.verifier),
    code_challenge_method: "S256",
  });
  const cookie = await encode({ token: { ...flow }, secret: env().AUTH_SECRET, maxAge: GOOGLE_FLOW_TTL_SEC, salt: FLOW_SALT });
  return { url, cookie };
}

async function readFlow(cookie: string | undefined): Promise<FlowState | null> {
  if (!cookie) return null;
  try {
    const flow = await decode({ token: cookie, secret: env().AUTH_SECRET, salt: FLOW_SALT });
    if (!flow || typeof flow.state !== "string" || typeof flow.verifier !== "string" || typeof flow.redirectUri !== "string") return null;
    return { state: flow.state, verifier: flow.verifier, redirectUri: flow.redirectUri };
  } catch {
    return null;
  }
}

/**
 * Exchanges an authorisation code at the provider and checks its id token (signature, issuer,
 * audience, expiry). The web variant holds the flow cookie: its state must match and its PKCE
 * verifier goes with the code. The plain variant is for clients that ran the authorisation
 * themselves towards our callback page (no browser cookie of ours).
 */
export async function exchangeGoogleCode(
  input: { code: string; state?: string; variant: "web" | "plain"; flowCookie?: string },
  edition: Edition,
): Promise<GoogleProfile> {
  const { client } = await googleClient(edition);
  let redirectUri = callbackUrl("transcribe");
  const checks: { state?: string; code_verifier?: string } = {};
  if (input.variant === "web") {
    const flow = await readFlow(input.flowCookie);
    if (!flow || !input.state || input.state !== flow.state) throw new AppError("auth.socialSessionExpired");
    redirectUri = flow.redirectUri;
    checks.state = flow.state;
    checks.code_verifier = flow.verifier;
  }
  let claims: Record<string, unknown>;
  try {
    // `iss` (RFC 9207) guards a client of several issuers against mix-ups; ours talks to one, whose name it is.
    const params = { code: input.code, iss: String(client.issuer.metadata.issuer), ...(checks.state ? { state: input.state } : {}) };
    const tokens = await client.callback(redirectUri, params, checks);
    claims = tokens.claims() as Record<string, unknown>;
  } catch (e) {
    // The provider refused the code (used, expired, another redirect) or its id token did not check out.
    if (e instanceof oidcErrors.OPError || e instanceof oidcErrors.RPError) throw new AppError("auth.codeInvalid");
    throw new AppError("auth.providerUnavailable");
  }
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!email) throw new AppError("auth.codeInvalid");
  // Google marks addresses it has not verified; such an address must not open someone else's account.
  if (claims.email_verified === false || claims.email_verified === "false") throw new AppError("auth.emailUnverified");
  return {
    sub: String(claims.sub),
    email,
    name: typeof claims.name === "string" ? claims.name : null,
    picture: typeof claims.picture === "string" ? claims.picture : null,
  };
}
