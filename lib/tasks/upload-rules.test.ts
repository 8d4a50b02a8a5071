import { AUDIO_MAX_BYTES, kindOf, screenFiles, UPLOAD_ACCEPT, VIDEO_MAX_BYTES } from "@/lib/tasks/upload-rules";

// The browser's pre-check (issue 24): every common recording passes to the server, which decides
// by content; a file that is neither audio nor video by name or type is refused at once.
describe("upload pre-check", () => {
  const audio = ["talk.mp3", "talk.m4a", "talk.wav", "talk.flac", "talk.opus", "talk.ogg", "talk.aac", "talk.wma", "talk.aiff", "talk.aif", "talk.amr", "TALK.FLAC"];
  const video = ["clip.mp4", "clip.mov", "clip.mkv", "clip.webm", "clip.avi", "clip.mpg", "clip.mpeg", "clip.m4v", "clip.wmv", "clip.flv", "clip.3gp", "clip.ts", "clip.mts"];

  it("takes every common audio and video format, by extension, with its kind's size limit", () => {
    expect(audio.map((name) => kindOf({ name }))).toEqual(audio.map(() => "audio"));
    expect(video.map((name) => kindOf({ name }))).toEqual(video.map(() => "video"));
    const { accepted, problems } = screenFiles([...audio, ...video].slice(0, 10).map((name) => ({ name, size: 1000 })), 0);
    expect(problems).toEqual([]);
    expect(accepted).toHaveLength(10);
    expect(screenFiles([{ name: "big.flac", size: AUDIO_MAX_BYTES + 1 }], 0).problems[0]!.key).toBe("upload.audioTooLarge");
    expect(screenFiles([{ name: "big.mpg", size: VIDEO_MAX_BYTES + 1 }], 0).problems[0]!.key).toBe("upload.videoTooLarge");
  });

  it("falls back to the browser's type for a recording without a known extension", () => {
    expect(kindOf({ name: "voice-memo", type: "audio/x-caf" })).toBe("audio");
    expect(kindOf({ name: "camera.dv", type: "video/x-dv" })).toBe("video");
  });

  it("refuses text and documents with the catalogue key, listing them", () => {
    const { accepted, problems } = screenFiles([{ name: "notes.txt", size: 10, type: "text/plain" }, { name: "report.pdf", size: 10 }, { name: "talk.flac", size: 10 }], 0);
    expect(accepted).toEqual([2]);
    expect(problems).toEqual([{ key: "upload.unsupportedType", params: { files: "notes.txt, report.pdf" } }]);
  });

  it("lets the file picker show every recording, whichever button opened it", () => {
    const accept = UPLOAD_ACCEPT.split(",");
    for (const ext of [".flac", ".opus", ".wma", ".aiff", ".amr", ".mkv", ".avi", ".mpg", ".flv", ".wmv", ".3gp", ".m4v"]) expect(accept).toContain(ext);
    expect(accept).toEqual(expect.arrayContaining(["audio/*", "video/*"]));
  });
});
