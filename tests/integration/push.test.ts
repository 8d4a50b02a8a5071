import { CANARY_PORT, PUSH_SERVICE_PORT, VAPID_PUBLIC } from "./push.env";
import crypto from "node:crypto";
import http from "node:http";
import { GET as listDevices, POST as addDevice } from "@/app/api/push/devices/route";
import { DELETE as removeDevice } from "@/app/api/push/devices/[id]/route";
import { POST as forgetDevice } from "@/app/api/push/devices/forget/route";
import { pushTaskEvent } from "@/lib/push/push-events";
import { vapidKeyProblem } from "@/lib/server/vapid-keys";
import { attemptDelivery, FAILED_DELIVERIES_BEFORE_OFF } from "@/lib/webhooks/deliver";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { listenOn } from "@/tests/helpers/ports";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Web Push end to end against a push service on loopback that speaks RFC 8030 (POST to the subscription's
// endpoint, 201 Created, 410 Gone for an expired one). The test is the browser: it makes its own P-256 key pair
// and auth secret (what PushManager.subscribe makes), and decrypts each message itself per RFC 8291
// (aes128gcm, RFC 8188) and checks the VAPID signature per RFC 8292, with node's crypto only.
jest.setTimeout(60_000);

type Received = { path: string; headers: http.IncomingHttpHeaders; body: Buffer };
const received: Received[] = [];
const gone = new Set<string>();
let pushService: http.Server;
let canary: http.Server;
let canaryHits = 0;

/** A browser's subscription: its keys stay here, only the public half and the auth secret go to the server. */
function browserSubscription(name: string) {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    auth,
    json: { endpoint: `http://127.0.0.1:${PUSH_SERVICE_PORT}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") }, label: "Chromium on Linux" },
  };
}

const hmac = (key: Buffer, data: Buffer) => crypto.createHmac("sha256", key).update(data).digest();

/** RFC 8291 section 3.4 and RFC 8188: the user agent's side of aes128gcm. */
function decrypt(body: Buffer, ecdh: crypto.ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  expect(rs).toBeGreaterThanOrEqual(18);
  expect(ciphertext.length).toBeLessThanOrEqual(rs);
  const shared = ecdh.computeSecret(asPublic);
  const prkKey = hmac(authSecret, shared);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), asPublic]);
  const ikm = hmac(prkKey, Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = crypto.createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString("utf8");
}

/** RFC 8292: "vapid t=<JWT ES256>, k=<public key>", the JWT's audience the push service's origin. */
function checkVapid(header: string | undefined): void {
  const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? "");
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(VAPID_PUBLIC);
  const [h, p, sig] = jwt!.split(".");
  const claims = JSON.parse(Buffer.from(p!, "base64url").toString()) as { aud: string; exp: number; sub: string };
  expect(claims.aud).toBe(`http://127.0.0.1:${PUSH_SERVICE_PORT}`);
  expect(claims.sub).toBe("mailto:ops@example.org");
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  const pub = Buffer.from(k!, "base64url");
  const key = crypto.createPublicKey({ key: { kty: "EC", crv: "P-256", x: pub.subarray(1, 33).toString("base64url"), y: pub.subarray(33).toString("base64url") }, format: "jwk" });
  const ok = crypto.verify("sha256", Buffer.from(`${h}.${p}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(sig!, "base64url"));
  expect(ok).toBe(true);
}

beforeAll(async () => {
  await setupTestDatabase();
  pushService = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(gone.has(req.url ?? "") ? 410 : 201, { location: `${req.url}/m/${received.length}` }).end();
    });
  });
  canary = http.createServer((_req, res) => {
    canaryHits++;
    res.writeHead(201).end();
  });
  await listenOn(pushService, PUSH_SERVICE_PORT);
  await listenOn(canary, CANARY_PORT);
});

afterAll(async () => {
  await new Promise((r) => pushService.close(r));
  await new Promise((r) => canary.close(r));
});

test("a finished transcription reaches each device encrypted for it, in the owner's language, naming the task", async () => {
  const owner = await signIn("push-owner");
  await prisma.user.update({ where: { id: owner.userId }, data: { uiLanguage: "zh" } });
  const phone = browserSubscription("phone");
  const laptop = browserSubscription("laptop");
  for (const device of [phone, laptop]) {
    const answer = await call(addDevice, { token: owner.token, json: device.json });
    expect(answer.code).toBe(200);
  }
  const taskId = await seedTranscribedTask(owner.userId, "季度复盘会议", MEETING);

  received.length = 0;
  await pushTaskEvent(taskId, "transcriptionCompleted");

  expect(received.map((r) => r.path).sort()).toEqual(["/push/laptop", "/push/phone"]);
  for (const r of received) {
    expect(r.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(r.headers.ttl)).toBeGreaterThan(0);
    checkVapid(r.headers.authorization as string | undefined);
    const device = r.path.endsWith("phone") ? phone : laptop;
    const message = JSON.parse(decrypt(r.body, device.ecdh, device.auth)) as { title: string; body: string; url: string; event: string };
    expect(message.event).toBe("transcriptionCompleted");
    expect(message.body).toContain("季度复盘会议");
    expect(message.title).toMatch(/[\u4e00-\u9fff]/); // Chinese, the owner's interface language
    expect(message.url).toBe(`/transcribe?task=${taskId}`);
  }
  // One device's key cannot read the other's message.
  const phoneMessage = received.find((r) => r.path.endsWith("phone"))!;
  expect(() => decrypt(phoneMessage.body, laptop.ecdh, laptop.auth)).toThrow();
});

test("an expired subscription (410 Gone) is removed; the others keep receiving", async () => {
  const owner = await signIn("push-expired");
  const old = browserSubscription("old-tablet");
  const current = browserSubscription("current-phone");
  await call(addDevice, { token: owner.token, json: old.json });
  await call(addDevice, { token: owner.token, json: current.json });
  gone.add("/push/old-tablet");
  const taskId = await seedTranscribedTask(owner.userId, "Weekly sync", MEETING);
  await pushTaskEvent(taskId, "analysisCompleted");
  const list = await call<{ devices: { label: string }[] }>(listDevices, { token: owner.token });
  expect(list.data.devices).toHaveLength(1);
  expect(await prisma.pushSubscription.count({ where: { endpoint: old.json.endpoint } })).toBe(0);
});

test("devices are the caller's own: another user can neither list nor turn off nor forget them", async () => {
  const a = await signIn("push-a");
  const b = await signIn("push-b");
  const device = browserSubscription("a-device");
  const saved = await call<{ id: string; endpointHash: string }>(addDevice, { token: a.token, json: device.json });
  expect(saved.data.endpointHash).toBe(crypto.createHash("sha256").update(device.json.endpoint).digest("hex"));
  expect(JSON.stringify(saved.data)).not.toContain(device.json.endpoint);
  expect((await call<{ devices: unknown[] }>(listDevices, { token: b.token })).data.devices).toHaveLength(0);
  expect((await call(removeDevice, { token: b.token, params: { id: saved.data.id } })).code).toBe(404);
  expect((await call<{ deleted: number }>(forgetDevice, { token: b.token, json: { endpoint: device.json.endpoint } })).data.deleted).toBe(0);
  expect((await call<{ deleted: number }>(forgetDevice, { token: a.token, json: { endpoint: device.json.endpoint } })).data.deleted).toBe(1);
  expect((await call(listDevices, {})).code).toBe(401);
});

test("a subscription naming a private or loopback address that is not the push service is refused at save", async () => {
  const user = await signIn("push-ssrf");
  const sub = browserSubscription("x");
  for (const endpoint of [`http://127.0.0.1:${CANARY_PORT}/push/x`, "https://10.0.0.5/push/x", "https://169.254.169.254/latest", "http://fcm.googleapis.com/fcm/send/x"]) {
    const answer = await call(addDevice, { token: user.token, json: { ...sub.json, endpoint } });
    expect(answer.code).toBe(400);
  }
  expect(canaryHits).toBe(0);
});

test("the VAPID pair is refused at production start when missing, malformed or not a pair", () => {
  const a = crypto.createECDH("prime256v1");
  a.generateKeys();
  const b = crypto.createECDH("prime256v1");
  b.generateKeys();
  const priv = (e: crypto.ECDH) => Buffer.from(e.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url");
  expect(vapidKeyProblem(undefined, undefined)).toMatch(/must both be set/);
  expect(vapidKeyProblem("abc", "def")).toMatch(/not a P-256 key/);
  expect(vapidKeyProblem(a.getPublicKey().toString("base64url"), priv(b))).toMatch(/not the public half/);
  expect(vapidKeyProblem(a.getPublicKey().toString("base64url"), priv(a))).toBeNull();
});

test("a phone-only account (no mail address) hears by push when its webhook endpoint is switched off", async () => {
  const owner = await signIn("push-webhook-off");
  await prisma.user.update({ where: { id: owner.userId }, data: { email: null, phone: "+8613800000042", uiLanguage: "zh" } });
  const phone = browserSubscription("webhook-off-phone");
  expect((await call(addDevice, { token: owner.token, json: phone.json })).code).toBe(200);
  // Two final failures already; the third (the canary is a private address, refused at send) switches it off.
  const url = `http://127.0.0.1:${CANARY_PORT}/hook`;
  const endpoint = await prisma.webhookEndpoint.create({ data: { userId: owner.userId, url, events: ["task.completed"], secret: `whsec_${Buffer.alloc(32, 9).toString("base64")}`, failedInRow: FAILED_DELIVERIES_BEFORE_OFF - 1 } });
  const delivery = await prisma.webhookDelivery.create({ data: { endpointId: endpoint.id, messageId: "msg_push_off", eventType: "task.completed", payload: { type: "task.completed" } } });
  received.length = 0;
  expect(await attemptDelivery(delivery.id, { final: false })).toBe("failed");
  expect((await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).enabled).toBe(false);
  expect(received.map((r) => r.path)).toEqual(["/push/webhook-off-phone"]);
  const message = JSON.parse(decrypt(received[0]!.body, phone.ecdh, phone.auth)) as { title: string; body: string; event: string };
  expect(message.event).toBe("webhook.disabled");
  expect(message.title).toBe("一个 Webhook 端点已被停用");
  expect(message.body).toContain(url);
  expect(canaryHits).toBe(0);
});
