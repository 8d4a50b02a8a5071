// What the kill and restart drills run against on loopback: an OpenAI-compatible
// speech server, an OpenAI-compatible chat server and a "video site" for links
// (their settings: loopback-env.ts).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CORPUS } from "@/tests/helpers/api";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/helpers/fake-openai";
import { startFakeSpeech, type FakeSpeech } from "@/tests/helpers/fake-speech";
import { startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import type { LoopbackPorts } from "./loopback-env";

export interface LoopbackServices {
  speech: FakeSpeech;
  ai: FakeOpenAi;
  site: LoopbackSite;
  /** A scratch folder for the drill (its worker log), removed by close(). */
  dir: string;
  close(): Promise<void>;
}

/** Starts the three servers; the site serves a corpus clip as m4a. */
export async function startLoopbackServices(ports: LoopbackPorts, opts: { name: string; speechDelayMs?: [number, number]; aiDelayMs: number }): Promise<LoopbackServices> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tingji-drill-${opts.name}-`));
  const m4a = path.join(dir, "jfk.m4a");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "aac", m4a]);
  const speech = await startFakeSpeech(ports.speech, opts.speechDelayMs);
  const ai = await startFakeOpenAi({ port: ports.ai, delayMs: opts.aiDelayMs });
  const site = await startLoopbackSite(m4a, ports.site);
  return {
    speech,
    ai,
    site,
    dir,
    close: async () => {
      await speech.close();
      await ai.close();
      await site.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
