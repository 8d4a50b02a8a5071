import { AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_MAX_BYTES } from "@/lib/media/limits";
import { planRefusal, uploadLimitsFor } from "./upload-limits";

// The free plan's upload limits (docs/billing.md "Very large files and batch"): what the upload
// dialog shows before files are chosen, and the refusal it and the server share.
const MB = 1024 * 1024;

test("free: one file per upload (or up to the general maximum merged into one task), 100 MB each", () => {
  expect(uploadLimitsFor("free")).toEqual({ pro: false, filesPerUpload: 1, mergeFiles: MAX_FILES_PER_UPLOAD, audioMaxBytes: 100 * MB, videoMaxBytes: 100 * MB });
});

test("Pro plans and the trial get everyone's maximum", () => {
  for (const plan of ["pro", "premium", "enterprise", "trial"]) {
    expect(uploadLimitsFor(plan)).toEqual({ pro: true, filesPerUpload: MAX_FILES_PER_UPLOAD, mergeFiles: MAX_FILES_PER_UPLOAD, audioMaxBytes: AUDIO_MAX_BYTES, videoMaxBytes: VIDEO_MAX_BYTES });
  }
});

test("the refusals: a free batch, a free file over 100 MB; a merge and a single small file pass", () => {
  const small = { name: "a.wav", size: 10 * MB };
  const big = { name: "long-meeting.wav", size: 100 * MB + 1 };
  expect(planRefusal("free", [small, small], { batch: true })).toEqual({ key: "upload.batchNeedsPro", params: { max: 1 } });
  expect(planRefusal("free", [small, small], { batch: false })).toBeNull();
  expect(planRefusal("free", [small], { batch: true })).toBeNull();
  expect(planRefusal("free", [{ name: "edge.wav", size: 100 * MB }], { batch: true })).toBeNull();
  expect(planRefusal("free", [big], { batch: true })).toEqual({ key: "upload.largeFileNeedsPro", params: { file: "long-meeting.wav", max: 100 } });
  expect(planRefusal("pro", [big, small, small], { batch: true })).toBeNull();
});
