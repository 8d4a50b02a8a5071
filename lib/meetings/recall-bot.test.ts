import { botIdFromRecall, botStateFromRecall } from "./recall-bot";

function bot(...codes: (string | [string, string])[]) {
  return {
    id: "b1",
    status_changes: codes.map((c) => {
      const [code, sub_code] = Array.isArray(c) ? c : [c, null];
      return { code, sub_code, created_at: "2026-01-01T00:00:00Z" };
    }),
    recordings: [],
  };
}

function withMedia(shortcuts: Record<string, string | null>) {
  const media_shortcuts = Object.fromEntries(Object.entries(shortcuts).map(([k, url]) => [k, { data: { download_url: url } }]));
  return { ...bot("joining_call", "in_call_recording", "call_ended", "done"), recordings: [{ id: "r1", media_shortcuts }] };
}

test.each([
  ["ready", "joining"],
  ["joining_call", "joining"],
  ["in_waiting_room", "joining"],
  ["in_call_not_recording", "in_meeting"],
  ["in_call_recording", "in_meeting"],
  ["recording_permission_allowed", "in_meeting"],
  ["call_ended", "ended"],
  ["done", "ended"],
  ["analysis_done", "ended"],
  ["something_new", "unknown"],
])("Recall code %s is %s", (code, status) => {
  expect(botStateFromRecall(bot("joining_call", code))).toMatchObject({ status, failed: false, providerCode: code });
});

test("the latest status change decides", () => {
  expect(botStateFromRecall(bot("joining_call", "in_call_recording", "call_ended")).status).toBe("ended");
});

test("call_ended is not yet finished; done is", () => {
  expect(botStateFromRecall(bot("in_call_recording", "call_ended")).finished).toBe(false);
  expect(botStateFromRecall(bot("in_call_recording", "call_ended", "done")).finished).toBe(true);
});

test("fatal is ended and failed, with its sub_code as the reason", () => {
  expect(botStateFromRecall(bot("joining_call", ["fatal", "meeting_not_found"]))).toEqual({
    status: "ended",
    recordingUrl: null,
    failed: true,
    failureReason: "meeting_not_found",
    finished: true,
    providerCode: "fatal",
  });
});

test("the recording link: mixed audio first, else mixed video", () => {
  const both = withMedia({ video_mixed: "https://s3.example/v.mp4", audio_mixed: "https://s3.example/a.mp3" });
  expect(botStateFromRecall(both).recordingUrl).toBe("https://s3.example/a.mp3");
  const video = withMedia({ video_mixed: "https://s3.example/v.mp4", audio_mixed: null });
  expect(botStateFromRecall(video).recordingUrl).toBe("https://s3.example/v.mp4");
  expect(botStateFromRecall(withMedia({ video_mixed: null })).recordingUrl).toBeNull();
  expect(botStateFromRecall(withMedia({ video_mixed: "file:///etc/passwd" })).recordingUrl).toBeNull();
});

test("a bot without status_changes falls back to its status object", () => {
  expect(botStateFromRecall({ id: "b1", status: { code: "in_call_recording" } }).status).toBe("in_meeting");
});

test("garbage is unknown, not an exception", () => {
  for (const junk of [null, "text", 42, {}, { status_changes: "x" }, { status_changes: [{}] }]) {
    expect(botStateFromRecall(junk)).toMatchObject({ status: "unknown", recordingUrl: null, failed: false, finished: false });
  }
});

test("bot ids", () => {
  expect(botIdFromRecall({ id: "6e1f5adb-3340-4f50-900d-9aa2cdc53d6c" })).toBe("6e1f5adb-3340-4f50-900d-9aa2cdc53d6c");
  expect(botIdFromRecall({ id: "" })).toBeNull();
  expect(botIdFromRecall({})).toBeNull();
});
