import "server-only";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { POCKETSPHINX_MODEL } from "@/lib/speech/pocketsphinx";

// One long-lived pocketsphinx process for one live session (Debian's python3-pocketsphinx, the
// only Python with it is /usr/bin/python3): audio in, partial hypotheses out, one answer per
// request, in order (./pocketsphinx_stream.py). Flags: the "fast" profile (single pass, no
// lattice), measured in bench/README.md "live".

export const LIVE_DECODER_ARGS = ["-maxwpf", "5", "-maxhmmpf", "3000", "-fwdflat", "no", "-bestpath", "no", "-ds", "2"];
const SCRIPT = path.join(process.cwd(), "lib/live/engine/pocketsphinx_stream.py");

const CLOCK_TICKS = 100;

type Answer = { t: "p"; text: string } | { t: "n" } | { t: "f"; text: string } | { t: "ready" };

export class StreamDecoder {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((a: Answer) => void)[] = [];
  private readonly ready: Promise<void>;
  private failed: Error | null = null;

  constructor() {
    this.child = spawn("/usr/bin/python3", [SCRIPT, "-hmm", POCKETSPHINX_MODEL.hmm, "-lm", POCKETSPHINX_MODEL.lm, "-dict", POCKETSPHINX_MODEL.dict, ...LIVE_DECODER_ARGS], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr.resume();
    const lines = readline.createInterface({ input: this.child.stdout });
    let onReady: () => void = () => undefined;
    this.ready = new Promise<void>((resolve) => (onReady = resolve));
    lines.on("line", (line) => {
      const a = JSON.parse(line) as Answer;
      if (a.t === "ready") return onReady();
      this.waiting.shift()?.(a);
    });
    this.child.once("exit", (code) => {
      this.failed = new Error(`live decoder exited (${code})`);
      onReady();
      for (const w of this.waiting.splice(0)) w({ t: "n" });
    });
    this.child.stdin.on("error", () => undefined);
  }

  private async send(cmd: "a" | "e", payload: Buffer = Buffer.alloc(0)): Promise<Answer> {
    await this.ready;
    if (this.failed) throw this.failed;
    const head = Buffer.alloc(5);
    head.write(cmd, 0, "ascii");
    head.writeUInt32LE(payload.length, 1);
    const answer = new Promise<Answer>((resolve) => this.waiting.push(resolve));
    this.child.stdin.write(Buffer.concat([head, payload]));
    return answer;
  }

  /** Feeds audio of the open utterance; the partial text when it changed, else null. */
  async feed(pcm: Buffer): Promise<string | null> {
    const a = await this.send("a", pcm);
    return a.t === "p" ? a.text : null;
  }

  /** Closes the utterance and answers its final text. */
  async end(): Promise<string> {
    const a = await this.send("e");
    return a.t === "f" ? a.text : "";
  }

  /** CPU seconds the decoder process has used (Linux /proc), for the bench. */
  cpuSeconds(): number {
    try {
      const fields = fs.readFileSync(`/proc/${this.child.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return 0;
    }
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}
