// Live recording's AudioWorklet: mixes every channel of its one input (the graph has already
// summed the microphone and the tab into it) down to mono and posts blocks of about 40 ms of
// float samples at the context's rate, with their peak, to the page. The page resamples to
// 16 kHz s16 (lib/live/pcm.ts, tested there) and cuts the chunks. While paused, nothing is posted.
class LiveCaptureProcessor extends AudioWorkletProcessor {
  constructor() {
    super();
    this.size = 2048;
    this.block = new Float32Array(this.size);
    this.filled = 0;
    this.paused = false;
    this.port.onmessage = (e) => {
      if (e.data && e.data.type === "pause") {
        this.paused = true;
        this.flush();
      } else if (e.data && e.data.type === "resume") this.paused = false;
      else if (e.data && e.data.type === "flush") this.flush();
    };
  }

  flush() {
    if (this.filled === 0) {
      this.port.postMessage({ type: "flushed" });
      return;
    }
    const out = this.block.slice(0, this.filled);
    this.filled = 0;
    this.port.postMessage({ type: "audio", samples: out }, [out.buffer]);
    this.port.postMessage({ type: "flushed" });
  }

  process(inputs) {
    const input = inputs[0];
    if (this.paused || !input || input.length === 0) return true;
    const frames = input[0].length;
    const gain = 1 / input.length;
    for (let i = 0; i < frames; i++) {
      let v = 0;
      for (let c = 0; c < input.length; c++) v += input[c][i];
      this.block[this.filled++] = v * gain;
      if (this.filled === this.size) {
        const out = this.block;
        this.block = new Float32Array(this.size);
        this.filled = 0;
        this.port.postMessage({ type: "audio", samples: out }, [out.buffer]);
      }
    }
    return true;
  }
}

registerProcessor("live-capture", LiveCaptureProcessor);
