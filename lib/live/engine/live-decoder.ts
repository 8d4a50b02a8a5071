import "server-only";
import type { LiveSegment } from "../live.types";
import { LIVE_BYTES_PER_SEC } from "../live.types";
import { StreamDecoder } from "./stream-decoder";
import { newVoiceDetector, pcmToFloat, type VoiceDetector } from "./vad";

// The live text of one session: audio in, in order, chunk by chunk; segments out. The voice
// detector opens an utterance when speech starts (with the audio just before it) and closes it
// after half a second of silence (or 15 s of speech). While it is open, the embedded engine hears
// it incrementally and its partial words go out as a non-final segment; when it closes, the same
// segment id goes out final. With a speech service configured, the closed utterance is sent to it
// and its answer is the final text (the service gives no partial words). Silence is not decoded.

/** Transcribes one closed utterance (a speech service); null: the embedded engine's text is final. */
export type UtteranceTranscriber = (pcm: Buffer) => Promise<string>;

export interface LiveDecoderOptions {
  /** Numbering of the segments starts here (a decoder restarted mid-session continues the count). */
  firstSegment?: number;
  /** Where the audio fed first sits in the recording. */
  startSec?: number;
  service?: UtteranceTranscriber | null;
  /** Partial words from the embedded engine (only where it hears the language). */
  partials?: boolean;
  detector?: VoiceDetector;
}

export class LiveDecoder {
  private readonly vad: VoiceDetector;
  private engine: StreamDecoder | null;
  private readonly service: UtteranceTranscriber | null;
  private positionSec: number;
  private segment: number;
  private open: { startSec: number; parts: Buffer[]; text: string } | null = null;
  private previous: Buffer | null = null;

  constructor(opts: LiveDecoderOptions = {}) {
    this.vad = opts.detector ?? newVoiceDetector();
    this.service = opts.service ?? null;
    this.engine = opts.partials === false && this.service ? null : new StreamDecoder();
    this.positionSec = opts.startSec ?? 0;
    this.segment = opts.firstSegment ?? 0;
  }

  get vadKind() {
    return this.vad.kind;
  }
  /** Seconds of the recording heard so far. */
  get decodedSec() {
    return this.positionSec;
  }
  /** Where the open utterance starts (null: none open): a restarted decoder hears it again from there. */
  get openFromSec(): number | null {
    return this.open?.startSec ?? null;
  }
  get segmentsMade() {
    return this.segment;
  }

  /** Hears the next piece of audio; answers the segments that changed. */
  async feed(pcm: Buffer): Promise<LiveSegment[]> {
    const startSec = this.positionSec;
    const endSec = startSec + pcm.length / LIVE_BYTES_PER_SEC;
    this.positionSec = endSec;
    const voice = this.vad.accept(pcmToFloat(pcm));
    const out: LiveSegment[] = [];
    if (!this.open && (voice.speaking || voice.ended)) {
      // Speech is detected a little after it starts: the piece before goes in too.
      const lead = this.previous ?? Buffer.alloc(0);
      this.open = { startSec: startSec - lead.length / LIVE_BYTES_PER_SEC, parts: [], text: "" };
      if (lead.length) await this.hear(lead);
    }
    this.previous = pcm;
    if (!this.open) return out;
    const partial = await this.hear(pcm);
    if (partial !== null && partial !== this.open.text) {
      this.open.text = partial;
      if (partial) out.push({ id: `u${this.segment}`, startSec: this.open.startSec, endSec, text: partial, final: false });
    }
    if (voice.ended && !voice.speaking) out.push(...(await this.closeUtterance(endSec)));
    return out;
  }

  /** Closes the open utterance (the recording ended); answers its final segment. */
  async flush(): Promise<LiveSegment[]> {
    return this.open ? this.closeUtterance(this.positionSec) : [];
  }

  private async hear(pcm: Buffer): Promise<string | null> {
    this.open!.parts.push(pcm);
    return this.engine ? this.engine.feed(pcm) : null;
  }

  private async closeUtterance(endSec: number): Promise<LiveSegment[]> {
    const open = this.open!;
    this.open = null;
    const engineText = this.engine ? await this.engine.end() : "";
    const text = this.service ? await this.service(Buffer.concat(open.parts)).catch(() => engineText) : engineText;
    const id = `u${this.segment++}`;
    return text.trim() ? [{ id, startSec: open.startSec, endSec, text: text.trim(), final: true }] : [{ id, startSec: open.startSec, endSec, text: "", final: true }];
  }

  /** CPU seconds of the embedded engine's process so far (the bench's per-session figure). */
  engineCpuSeconds(): number {
    return this.engine?.cpuSeconds() ?? 0;
  }

  close(): void {
    this.engine?.close();
    this.vad.close();
  }
}
