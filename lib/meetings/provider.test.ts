import { execFileSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { probeMedia } from "@/lib/media/probe";
import { startFakeMeetingBot, type FakeMeetingBot, type FakeMeetingBotOptions } from "@/tests/helpers/fake-meeting-bot";
import { MeetingProviderError, recallBotProvider, type BotState, type MeetingBotProvider } from "./provider";

const jfk = path.resolve(process.cwd(), "../shared/corpus/single/en_jfk.wav");
const MEETING = "https://meet.google.com/abc-defg-hij";
const FAST_RETRY = { retries: 3, baseDelayMs: 10, maxDelayMs: 50 };
let dir: string;
let mp4: string;
const fakes: FakeMeetingBot[] = [];
const servers: http.Server[] = [];

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "meetings-"));
  mp4 = path.join(dir, "meeting.mp4");
  // A real video file with speech, as a provider's mixed-video recording would be.
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "lavfi", "-i", "color=c=navy:s=160x120:r=10", "-i", jfk,
    "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4,
  ]);
});

afterEach(async () => {
  await Promise.all(fakes.splice(0).map((f) => f.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => (s.closeAllConnections(), s.close(r)))));
});

afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

async function fakeProvider(opts: Partial<FakeMeetingBotOptions> = {}): Promise<{ fake: FakeMeetingBot; provider: MeetingBotProvider }> {
  const fake = await startFakeMeetingBot({ mediaFile: mp4, joinMs: 100, ...opts });
  fakes.push(fake);
  return { fake, provider: recallBotProvider({ baseUrl: fake.url, apiKey: fake.key, retry: FAST_RETRY }) };
}

async function waitForBot(provider: MeetingBotProvider, botId: string, until: (s: BotState) => boolean): Promise<BotState> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const state = await provider.getBot(botId);
    if (until(state)) return state;
    if (Date.now() > deadline) throw new Error(`bot stayed ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function providerError(promise: Promise<unknown>): Promise<MeetingProviderError> {
  const e = await promise.then(() => null, (err: unknown) => err);
  if (!(e instanceof MeetingProviderError)) throw new Error(`expected MeetingProviderError, got ${String(e)}`);
  return e;
}

/** A server that answers `handler`; for what the fake provider does not do (stall, stream forever). */
async function rawServer(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a meeting from join to recording", () => {
  test("create → joining → in meeting → ended with a recording that downloads intact", async () => {
    const { fake, provider } = await fakeProvider({ joinMs: 150, meetingMs: 300 });
    const { botId } = await provider.createBot({ meetingUrl: MEETING, botName: "Tingji Notetaker" });

    const create = fake.requests[0]!;
    expect(create).toMatchObject({ method: "POST", path: "/api/v1/bot/", authorization: `Token ${fake.key}`, status: 201 });
    expect(create.body).toMatchObject({ meeting_url: MEETING, bot_name: "Tingji Notetaker" });

    expect(await provider.getBot(botId)).toMatchObject({ status: "joining", recordingUrl: null, failed: false, finished: false });
    expect(await waitForBot(provider, botId, (s) => s.status !== "joining")).toMatchObject({ status: "in_meeting", recordingUrl: null });
    const ended = await waitForBot(provider, botId, (s) => s.recordingUrl !== null);
    expect(ended).toMatchObject({ status: "ended", failed: false, finished: true });

    const dest = path.join(dir, "downloaded.mp4");
    const result = await provider.downloadRecording(ended.recordingUrl!, dest, { maxBytes: 50 * 1024 * 1024 });
    expect(result).toEqual({ bytes: fs.statSync(mp4).size, contentType: "video/mp4" });
    expect(fs.readFileSync(dest).equals(fs.readFileSync(mp4))).toBe(true);
    const media = await probeMedia(dest);
    expect(media).toMatchObject({ kind: "video", hasAudio: true });
    expect(media.durationSec).toBeCloseTo(11, 0);
    // The pre-signed link got no API key (the fake refuses one, like S3).
    expect(fake.requests.at(-1)).toMatchObject({ path: expect.stringMatching(/^\/media\//), authorization: null, status: 200 });
  });

  test("leave ends the meeting and still yields the recording", async () => {
    const { provider } = await fakeProvider();
    const { botId } = await provider.createBot({ meetingUrl: MEETING });
    await waitForBot(provider, botId, (s) => s.status === "in_meeting");
    await provider.leave(botId);
    expect(await waitForBot(provider, botId, (s) => s.finished)).toMatchObject({ status: "ended", recordingUrl: expect.stringMatching(/^http/) });
  });

  test("a meeting that ends before the bot is let in finishes without a recording", async () => {
    const { fake, provider } = await fakeProvider({ joinMs: 60_000 });
    const { botId } = await provider.createBot({ meetingUrl: MEETING });
    fake.endMeeting(botId);
    expect(await provider.getBot(botId)).toMatchObject({ status: "ended", finished: true, failed: false, recordingUrl: null });
  });

  test("a fatal bot is ended and failed, with the provider's sub_code", async () => {
    const { fake, provider } = await fakeProvider({ joinMs: 60_000 });
    const { botId } = await provider.createBot({ meetingUrl: MEETING });
    fake.failBot(botId, "meeting_not_found");
    expect(await provider.getBot(botId)).toEqual({
      status: "ended",
      recordingUrl: null,
      failed: true,
      failureReason: "meeting_not_found",
      finished: true,
      providerCode: "fatal",
    });
  });

  test("the default bot name is the configured one", async () => {
    const fake = await startFakeMeetingBot({ mediaFile: mp4 });
    fakes.push(fake);
    const provider = recallBotProvider({ baseUrl: `${fake.url}/api/v1/`, apiKey: fake.key, botName: "Notes by Tingji" });
    await provider.createBot({ meetingUrl: MEETING });
    expect(fake.requests[0]).toMatchObject({ path: "/api/v1/bot/", body: { bot_name: "Notes by Tingji" } });
  });
});

describe("provider errors", () => {
  test("a wrong key is a 401 MeetingProviderError, not retried", async () => {
    const { fake } = await fakeProvider();
    const provider = recallBotProvider({ baseUrl: fake.url, apiKey: "wrong", retry: FAST_RETRY });
    const createError = await providerError(provider.createBot({ meetingUrl: MEETING }));
    expect(createError).toMatchObject({ status: 401, retryable: false, body: expect.stringContaining("Invalid token") });
    expect((await providerError(provider.getBot("any"))).status).toBe(401);
    expect(fake.requests.map((r) => r.status)).toEqual([401, 401]);
  });

  test("5xx on GET is retried until it succeeds", async () => {
    const { fake, provider } = await fakeProvider();
    const { botId } = await provider.createBot({ meetingUrl: MEETING });
    fake.failNextRequests(2, 503);
    expect((await provider.getBot(botId)).status).toBe("joining");
    expect(fake.requests.slice(1).map((r) => `${r.method} ${r.status}`)).toEqual(["GET 503", "GET 503", "GET 200"]);
  });

  test("GET gives up after its retries with the last error", async () => {
    const { fake, provider } = await fakeProvider();
    fake.failNextRequests(10, 502);
    expect(await providerError(provider.getBot("any"))).toMatchObject({ status: 502, retryable: true });
    expect(fake.requests).toHaveLength(FAST_RETRY.retries + 1);
  });

  test("5xx on create is not retried: a repeat could send a second bot", async () => {
    const { fake, provider } = await fakeProvider();
    fake.failNextRequests(1, 500);
    expect(await providerError(provider.createBot({ meetingUrl: MEETING }))).toMatchObject({ status: 500, retryable: true });
    expect(fake.requests).toHaveLength(1);
  });

  test("an unknown bot is a 404", async () => {
    const { provider } = await fakeProvider();
    expect((await providerError(provider.getBot("no-such-bot"))).status).toBe(404);
  });

  test("an unreachable provider is a retryable error without status", async () => {
    // Nothing listens on port 1.
    const provider = recallBotProvider({ baseUrl: "http://127.0.0.1:1", apiKey: "k", retry: { retries: 1, baseDelayMs: 5 } });
    expect(await providerError(provider.getBot("b"))).toMatchObject({ status: null, retryable: true });
  });

  test("a provider that does not answer times out", async () => {
    const url = await rawServer(() => {}); // accepts, never answers
    const provider = recallBotProvider({ baseUrl: url, apiKey: "k", requestTimeoutMs: 200, retry: { retries: 0 } });
    const e = await providerError(provider.getBot("b"));
    expect(e.message).toMatch(/no answer within 200 ms/);
  });
});

describe("downloadRecording", () => {
  /** Streams 64 KB chunks without end and without Content-Length, and reports when the client hung up. */
  async function endlessMedia(): Promise<{ url: string; hungUp: Promise<void> }> {
    let hangUp!: () => void;
    const hungUp = new Promise<void>((r) => (hangUp = r));
    const chunk = Buffer.alloc(64 * 1024, 1);
    const url = await rawServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "video/mp4" });
      const timer = setInterval(() => res.write(chunk), 1);
      res.on("close", () => (clearInterval(timer), hangUp()));
    });
    return { url: `${url}/media.mp4`, hungUp };
  }

  // Recordings on loopback are fetched only from the provider's own host:port (download.ts).
  const providerAt = (mediaUrl: string) => recallBotProvider({ baseUrl: new URL(mediaUrl).origin, apiKey: "k", retry: FAST_RETRY });

  test("stops at maxBytes while streaming and leaves no file", async () => {
    const { url, hungUp } = await endlessMedia();
    const provider = providerAt(url);
    const dest = path.join(dir, "too-big.mp4");
    const e = await providerError(provider.downloadRecording(url, dest, { maxBytes: 1024 * 1024 }));
    expect(e).toMatchObject({ retryable: false, message: expect.stringMatching(/limit/) });
    await hungUp;
    expect(fs.existsSync(dest)).toBe(false);
  });

  test("refuses a recording larger than maxBytes (declared by Content-Length)", async () => {
    const { provider } = await fakeProvider({ meetingMs: 50 });
    const { botId } = await provider.createBot({ meetingUrl: MEETING });
    const { recordingUrl } = await waitForBot(provider, botId, (s) => s.recordingUrl !== null);
    const dest = path.join(dir, "declared-too-big.mp4");
    await expect(provider.downloadRecording(recordingUrl!, dest, { maxBytes: 1000 })).rejects.toThrow(/1000-byte limit/);
    expect(fs.existsSync(dest)).toBe(false);
  });

  test("the caller's signal aborts a download and removes the partial file", async () => {
    const { url, hungUp } = await endlessMedia();
    const provider = providerAt(url);
    const dest = path.join(dir, "aborted.mp4");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const e = await provider.downloadRecording(url, dest, { maxBytes: 1e12, signal: controller.signal }).catch((err: unknown) => err);
    expect(e).not.toBeInstanceOf(MeetingProviderError);
    expect((e as Error).name).toBe("AbortError");
    await hungUp;
    expect(fs.existsSync(dest)).toBe(false);
  });

  test("a bad media link is a 403 MeetingProviderError", async () => {
    const { fake, provider } = await fakeProvider();
    const e = await providerError(provider.downloadRecording(`${fake.url}/media/x/y/z.mp4`, path.join(dir, "x.mp4"), { maxBytes: 1e6 }));
    expect(e).toMatchObject({ status: 403, retryable: false });
  });
});

describe("meetingBotProvider()", () => {
  async function providerWithEnv(vars: Record<string, string | undefined>) {
    const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
    Object.assign(process.env, vars);
    for (const [k, v] of Object.entries(vars)) if (v === undefined) delete process.env[k];
    try {
      let provider: unknown;
      // env() caches its first read, so each case needs fresh modules.
      await jest.isolateModulesAsync(async () => {
        provider = (await import("./provider")).meetingBotProvider();
      });
      return provider;
    } finally {
      for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }

  test("is null without URL or key, and a provider with both", async () => {
    expect(await providerWithEnv({ MEETING_BOT_API_URL: undefined, MEETING_BOT_API_KEY: undefined })).toBeNull();
    expect(await providerWithEnv({ MEETING_BOT_API_URL: "https://us-east-1.recall.ai", MEETING_BOT_API_KEY: "" })).toBeNull();
    expect(await providerWithEnv({ MEETING_BOT_API_URL: " ", MEETING_BOT_API_KEY: "k" })).toBeNull();
    const configured = await providerWithEnv({ MEETING_BOT_API_URL: "https://us-east-1.recall.ai", MEETING_BOT_API_KEY: "k" });
    expect(configured).toMatchObject({ createBot: expect.any(Function), getBot: expect.any(Function) });
  });

  test("a configured provider sends the configured bot name", async () => {
    const { fake } = await fakeProvider();
    const provider = (await providerWithEnv({
      MEETING_BOT_API_URL: fake.url,
      MEETING_BOT_API_KEY: fake.key,
      MEETING_BOT_NAME: "Acme Notes",
    })) as MeetingBotProvider;
    await provider.createBot({ meetingUrl: MEETING });
    expect(fake.requests[0]!.body).toMatchObject({ bot_name: "Acme Notes" });
  });
});
