# Incremental decoding for live recording (docs/live.md "Live text"): one long-lived process per
# live session. Reads frames from stdin: 1 byte command + 4 bytes little-endian length + payload.
#   b"a" + PCM (16-bit mono 16 kHz): decoded at once; prints {"t":"p","text":...} when the partial
#        hypothesis changed, else {"t":"n"} (every audio frame gets exactly one line back).
#   b"e": ends the utterance; prints {"t":"f","text":...,"words":[[word,startSec,endSec],...]}
#        (times from the utterance's start) and starts the next one.
# Live cepstral mean normalisation starts from a guess and only settles after the first utterance,
# whose streamed text is poor: that one utterance is decoded again whole (batch normalisation) for
# its final text, which also settles the normalisation for the rest (measured: docs/live.md).
# Arguments: -hmm DIR -lm FILE -dict FILE, then any decoder flags.
import json
import struct
import sys

from pocketsphinx import Decoder


def main():
    args = sys.argv[1:]
    config = Decoder.default_config()
    config.set_string("-logfn", "/dev/null")
    for i in range(0, len(args) - 1, 2):
        name, value = args[i], args[i + 1]
        if value in ("yes", "no"):
            config.set_boolean(name, value == "yes")
        else:
            try:
                config.set_int(name, int(value))
            except (ValueError, RuntimeError):
                try:
                    config.set_float(name, float(value))
                except (ValueError, RuntimeError):
                    config.set_string(name, value)
    decoder = Decoder(config)
    frame_rate = config.get_int("-frate")
    decoder.start_utt()
    stdin = sys.stdin.buffer
    out = sys.stdout
    last = ""
    first = True
    utterance = []
    out.write('{"t":"ready"}\n')
    out.flush()
    while True:
        head = stdin.read(5)
        if len(head) < 5:
            break
        cmd, size = head[:1], struct.unpack("<I", head[1:])[0]
        payload = stdin.read(size) if size else b""
        if cmd == b"a":
            if first:
                utterance.append(payload)
            decoder.process_raw(payload, False, False)
            hyp = decoder.hyp()
            text = hyp.hypstr if hyp else ""
            if text != last:
                last = text
                out.write(json.dumps({"t": "p", "text": text}) + "\n")
            else:
                out.write('{"t":"n"}\n')
        elif cmd == b"e":
            decoder.end_utt()
            if first:
                first = False
                decoder.start_utt()
                decoder.process_raw(b"".join(utterance), False, True)
                decoder.end_utt()
                utterance = []
            hyp = decoder.hyp()
            words = []
            for seg in decoder.seg():
                w = seg.word
                if w.startswith("<") or w.startswith("[") or w == "</s>" or w == "<s>" or w == "<sil>":
                    continue
                if "(" in w:
                    w = w[: w.index("(")]
                words.append([w, seg.start_frame / frame_rate, (seg.end_frame + 1) / frame_rate])
            out.write(json.dumps({"t": "f", "text": hyp.hypstr if hyp else "", "words": words}) + "\n")
            last = ""
            decoder.start_utt()
        out.flush()


if __name__ == "__main__":
    main()
