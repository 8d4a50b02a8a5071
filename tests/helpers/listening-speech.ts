// Test-only: an OpenAI-compatible speech API on loopback (POST /v1/audio/transcriptions, verbose_json) that really
// listens. Each upload is decoded by Debian's pocketsphinx_continuous, on its own, and answered with the segments and
// words it heard, timed from the start of that upload, as Whisper servers answer. Unlike fake-speech.ts (a fixed
// sentence), its times come from the audio, so a test can check where a client puts them.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { listenOn } from "./ports";

const MODEL = "/usr/share/pocketsphinx/model/en-us";

export interface ListeningSpeech {
  url: string;
  /** Seconds of audio each request carried, in order of arrival. */
  uploads: number[];
  /** The text answered to each request, in the same order. */
  answers: string[];
  close(): Promise<void>;
}

type Word = { word: string; start: number; end: number };

/** A recording it "hears" as a given text (one it cannot listen to: pocketsphinx knows only English), found by its length. */
export interface KnownRecording {
  seconds: number;
  /** verbose_json's language name, e.g. "chinese". */
  language: string;
  text: string;
}

/** `-time yes` prints one `word start end confidence` line per word; fillers and silences are in brackets. */
function heardWords(stdout: string): Word[] {
  const words: Word[] = [];
  for (const line of stdout.split("\n")) {
    const m = line.match(/^(\S+) (\d+\.\d+) (\d+\.\d+) \S+$/);
    if (m && !/^[<[+]/.test(m[1]!)) words.push({ word: m[1]!.replace(/\(\d+\)$/, ""), start: Number(m[2]), end: Number(m[3]) });
  }
  return words;
}

/** Words into segments at pauses of 0.6 s, as a Whisper server's segments follow phrases. */
function segmentsOf(words: Word[]) {
  const groups: Word[][] = [];
  for (const w of words) {
    const last = groups.at(-1);
    if (last && w.start - last.at(-1)!.end < 0.6) last.push(w);
    else groups.push([w]);
  }
  return groups.map((g, id) => ({ id, start: g[0]!.start, end: g.at(-1)!.end, text: ` ${g.map((w) => w.word).join(" ")}`, words: g }));
}

export async function startListeningSpeech(port = 0, known: KnownRecording[] = []): Promise<ListeningSpeech> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "listening-speech-"));
  const state: ListeningSpeech = { url: "", uploads: [], answers: [], close: async () => undefined };
  let n = 0;
  const server = http.createServer(async (req, res) => {
    try {
      const form = await new Request("http://loopback", { method: "POST", headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: "half" } as RequestInit).formData();
      const file = path.join(dir, `upload-${++n}.wav`);
      await fs.writeFile(file, Buffer.from(await (form.get("file") as Blob).arrayBuffer()));
      const seconds = ((await fs.stat(file)).size - 44) / 32000;
      state.uploads.push(seconds);
      const recording = known.find((k) => Math.abs(k.seconds - seconds) < 0.1);
      if (recording) {
        state.answers.push(recording.text);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ task: "transcribe", language: recording.language, text: recording.text, segments: [{ id: 0, start: 0, end: seconds, text: ` ${recording.text}` }] }));
        return;
      }
      const stdout = await new Promise<string>((resolve, reject) =>
        execFile("pocketsphinx_continuous", ["-infile", file, "-time", "yes", "-logfn", "/dev/null", "-hmm", `${MODEL}/en-us`, "-lm", `${MODEL}/en-us.lm.bin`, "-dict", `${MODEL}/cmudict-en-us.dict`], (e, out) => (e ? reject(e) : resolve(out))),
      );
      const segments = segmentsOf(heardWords(stdout));
      state.answers.push(segments.map((s) => s.text).join(""));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ task: "transcribe", language: "english", text: segments.map((s) => s.text).join(""), segments }));
    } catch (e) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { message: String(e), type: "server_error" } }));
    }
  });
  await listenOn(server, port);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(dir, { recursive: true, force: true });
  };
  return state;
}
