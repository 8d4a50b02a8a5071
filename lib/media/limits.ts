// Upload limits shared by the browser (file picker checks) and the server.
// Plain module on purpose: no "server-only", no Node imports.

export const AUDIO_MAX_BYTES = 300 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 400 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;
