// A real OpenID Connect provider on loopback (oidc-provider 9.13) standing in for Google's
// accounts server: discovery, the authorisation page (devInteractions: a login form with
// fields `login` and `password`, then a consent page when prompt=consent), the code and
// token exchange, id tokens and userinfo. GOOGLE_ISSUER_URL points the app at it.
//
// Used in-process by tests/e2e/serve.ts (tsx) and, because oidc-provider is ES-module only
// and jest runs CommonJS, from jest through a child process (spawnLoopbackOidc below).
//
// Any login is accepted. Its email is the login itself when it holds an "@", otherwise
// "<login>@example.test"; the name is the part before the "@".
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { listenOn } from "./ports";

export interface LoopbackOidcOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface LoopbackOidc {
  /** The issuer (also the base of /.well-known/openid-configuration). */
  url: string;
  close(): Promise<void>;
}

function claimsFor(login: string) {
  const email = login.includes("@") ? login.toLowerCase() : `${login.toLowerCase()}@example.test`;
  const name = email.split("@")[0]!;
  return { email, email_verified: true, name, given_name: name, picture: `https://example.test/${name}.png` };
}

export async function startLoopbackOidc(opts: LoopbackOidcOptions): Promise<LoopbackOidc> {
  const { default: Provider } = await import("oidc-provider");
  const server = http.createServer();
  await listenOn(server, opts.port ?? 0);
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    cookies: { keys: ["loopback-oidc-cookie-key-0123456789"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "picture"] },
    // Google puts email and profile claims in the id token itself; without this the id token carries only sub.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => false },
    // Like Google with access_type=offline: a refresh token with every code.
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(type: string): boolean }) => client.grantTypeAllowed("refresh_token"),
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => claimsFor(id) }),
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, RefreshToken: 86_400, Grant: 86_400, Interaction: 3600, Session: 86_400 },
  });
  // Plain http on loopback: the provider must not insist on https cookies.
  provider.proxy = false;
  server.on("request", provider.callback());
  return {
    url: issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the person at the provider without a browser (jest): follows the authorisation
 * address, fills the login form, confirms consent, and returns the address the provider
 * sends the browser back to (the callback page with code and state).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const base = new URL(authorizationUrl).origin;
  const go = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(new URL(url, base), {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0]!;
      jar.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    }
    return res;
  };
  let res = await go(authorizationUrl);
  for (let step = 0; step < 10; step++) {
    if (res.status === 200) {
      // An interaction page: the login form first, then the consent page.
      const html = await res.text();
      const action = /action="([^"]+)"/.exec(html)?.[1];
      if (!action) throw new Error(`no form on the provider's page: ${html.slice(0, 200)}`);
      res = await go(action.replace(/&amp;/g, "&"), html.includes('name="login"') ? { prompt: "login", login, password: "any" } : { prompt: "consent" });
      continue;
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`provider answered ${res.status} without a redirect`);
    const next = new URL(location, base);
    if (next.origin !== base) return next;
    res = await go(next.toString());
  }
  throw new Error("the provider never sent the browser back");
}

/**
 * jest: runs startLoopbackOidc in a child process (tsx) and resolves once it listens.
 * Kill the returned process (close()) when the test file ends.
 */
export async function spawnLoopbackOidc(opts: LoopbackOidcOptions): Promise<LoopbackOidc & { child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(__dirname, "loopback-oidc.ts")], {
    env: { ...process.env, LOOPBACK_OIDC: JSON.stringify(opts) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const m = /LOOPBACK_OIDC_READY (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on("exit", (code) => reject(new Error(`loopback OIDC provider exited with ${code}`)));
  });
  return {
    url,
    child,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// Child-process entry (spawnLoopbackOidc).
if (process.env.LOOPBACK_OIDC && process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const opts = JSON.parse(process.env.LOOPBACK_OIDC) as LoopbackOidcOptions;
  startLoopbackOidc(opts)
    .then((p) => console.log(`LOOPBACK_OIDC_READY ${p.url}`))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
