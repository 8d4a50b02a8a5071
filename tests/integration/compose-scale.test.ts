import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { COLLAB_PATH } from "@/lib/collab/hocuspocus";
import { ENV_KEYS } from "@/lib/server/env";

// docker-compose.yml's "scale" profile (issue 14: an S3 store, two web processes behind a proxy,
// N workers) cannot be brought up here (no Docker daemon), so its promises are checked on the
// file itself: nothing that would stop `--scale worker=4`, no disk shared where S3 should be, the
// proxy in front of both web processes (websocket included), and settings the app really reads.
// The running equivalents: tests/e2e/scale/two-webs.spec.ts, tests/integration/two-workers.test.ts, and
// tests/integration/nginx-scale.test.ts, which runs the proxy's own config in Debian's nginx.

interface Service {
  profiles?: string[];
  image?: string;
  command?: string | string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  container_name?: string;
  depends_on?: string[] | Record<string, unknown>;
}

const root = process.cwd();
const compose = parse(fs.readFileSync(path.join(root, "docker-compose.yml"), "utf8")) as { services: Record<string, Service> };
const services = compose.services;
const nginx = fs.readFileSync(path.join(root, "scripts/nginx-scale.conf"), "utf8");
const commandText = (s: Service) => (Array.isArray(s.command) ? s.command.join(" ") : (s.command ?? ""));
/** A named volume ("name:/path"); an anonymous one is just "/path". */
const namedVolumes = (s: Service) => (s.volumes ?? []).filter((v) => /^[A-Za-z0-9_-]+:/.test(v));

test("the scale profile adds an S3 store with its bucket, a second web process and a proxy", () => {
  const scale = Object.entries(services).filter(([, s]) => s.profiles?.includes("scale")).map(([name]) => name);
  expect(scale.sort()).toEqual(["proxy", "s3", "s3-bucket", "web-2"]);
  expect(services.s3!.image).toMatch(/minio/);
  expect(commandText(services["s3-bucket"]!) + JSON.stringify(services["s3-bucket"])).toContain("mc mb");
});

// Workers keep the `appdata` volume for the one-host default (local storage); under STORAGE_DRIVER=s3 the app
// keeps nothing there but the mail outbox fallback (docs/deploy.md "What is stateful").
test("workers scale: no fixed name or host port, a scratch folder of their own, the app's settings", () => {
  const worker = services.worker!;
  expect(worker.container_name).toBeUndefined();
  expect(worker.ports).toBeUndefined();
  expect(worker.volumes).toContain("/scratch");
  expect(worker.environment?.WORKER_SCRATCH_DIR).toBe("/scratch");
  expect(commandText(worker)).toContain("workers/main.ts");
  expect(worker.environment).toEqual(services.web!.environment);
});

test("the second web process runs the same server, shares no disk, and refuses local storage", () => {
  const [web, web2] = [services.web!, services["web-2"]!];
  expect(commandText(web2)).toContain("server.ts -p 3000");
  expect(commandText(web)).toContain("server.ts -p 3000");
  expect(web2.environment).toEqual(web.environment);
  expect(namedVolumes(web2)).toEqual([]);
  expect(commandText(web2)).toMatch(/test "\$\$STORAGE_DRIVER" = s3 \|\|/);
  expect(web2.ports).toBeUndefined();
});

test("the proxy sends pages, API and the co-editing websocket to both web processes", () => {
  const upstream = /upstream\s+(\S+)\s*\{([^}]*)\}/.exec(nginx);
  expect(upstream).not.toBeNull();
  const servers = [...upstream![2]!.matchAll(/server\s+([\w-]+):(\d+)/g)].map((m) => `${m[1]}:${m[2]}`);
  expect(servers).toEqual(["web:3000", "web-2:3000"]);
  const collab = new RegExp(`location ${COLLAB_PATH} \\{([^}]*)\\}`).exec(nginx)?.[1] ?? "";
  expect(collab).toContain(`proxy_pass http://${upstream![1]}`);
  expect(collab).toMatch(/proxy_set_header Upgrade \$http_upgrade/);
  expect(nginx).toMatch(/location \/ \{[^}]*proxy_pass http:\/\/tingji_web/);
  // Streamed both ways: uploads and byte-range media are not held whole by the proxy.
  expect(nginx).toContain("proxy_request_buffering off");
  expect(nginx).toContain("proxy_buffering off");
  expect(services.proxy!.depends_on).toEqual(["web", "web-2"]);
});

test("the app's settings in the file are ones the app reads, and AUTH_SECRET has no default", () => {
  const settings = Object.keys(services.web!.environment ?? {});
  expect(settings.filter((k) => !ENV_KEYS.includes(k))).toEqual([]);
  expect(services.web!.environment?.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
});
