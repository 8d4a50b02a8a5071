// The one error type. Each catalogue key is also the translation key under
// "errors." in messages/*.json, and carries the HTTP status it is sent with.
//
// Domain "not found" answers go out with HTTP 400 and body code 404: a bare
// HTTP 404 means "this route no longer exists" to the client, which then
// shows the version-update overlay (error catalogue).
export const errorCatalogue = {
  // transport and common
  "common.unauthorized": 401,
  "common.requestDenied": 403,
  "common.permissionDenied": 403,
  "common.fileTooLarge": 413,
  "common.requestFailed": 500,
  "common.invalidInput": 400,
  "common.notFound": 404,
  "common.serverError": 500,
  "common.tooManyRequests": 429,
  "common.bodyTooLarge": 413,
  "common.malformedRequest": 400,
  "common.invalidCharacters": 400,
  "common.rateLimited": 429,
  "common.dailyLimit": 429,
  "common.serviceUnavailable": 503,
  // upload (error catalogue Upload)
  "upload.fileSizeLimitExceeded": 413,
  "upload.audioTooLarge": 413,
  "upload.videoTooLarge": 413,
  "upload.unsupportedType": 415,
  "upload.fileCountExceeded": 400,
  "upload.durationLimit": 400,
  "upload.usageLimit": 403,
  "upload.uploadFailed": 500,
  "upload.emptyFile": 400,
  "upload.corruptMedia": 400,
  "upload.noFile": 400,
  "upload.mergeNeedsFiles": 400,
  // Pro upload features (docs/billing.md "Very large files and batch"): the browser opens the upgrade dialog
  "upload.batchNeedsPro": 403,
  "upload.largeFileNeedsPro": 403,
  // tasks (error catalogue Tasks)
  "tasks.notFound": 404,
  "tasks.titleEmpty": 400,
  "tasks.speakerNameUpdateFailed": 400,
  "tasks.saveFailed": 500,
  "tasks.transcriptionStartFailed": 409,
  "tasks.noTranscription": 400,
  "tasks.transcriptionRunning": 409,
  "tasks.taskTimeout": 504,
  "tasks.speakerCountInvalid": 400,
  "tasks.decodeProfileInvalid": 400,
  // The spoken language (docs/speech-languages.md): not one we know, or not one the configured engine recognises.
  "tasks.spokenLanguageInvalid": 400,
  "tasks.spokenLanguageUnsupported": 400,
  "tasks.speakersNeedAudio": 400,
  // Correcting speakers (lib/tasks/speaker-edits.ts): a line or speaker another edit removed meanwhile.
  "tasks.entryNotFound": 404,
  "tasks.speakerNotFound": 404,
  "tasks.mergeSameSpeaker": 400,
  // analysis (error catalogue Tasks: analysis failed, analysis timeout, markdown save failed; Share: content not analyzed)
  "analysis.alreadyAnalyzed": 409,
  "analysis.running": 409,
  "analysis.notAnalyzed": 400,
  "analysis.failed": 500,
  "analysis.timeout": 504,
  "analysis.summaryEmpty": 400,
  "analysis.markdownSaveFailed": 500,
  "analysis.providerFailed": 502,
  // A to-do id that the task's outline does not hold (re-summarised since the page was loaded).
  "analysis.todoNotFound": 404,
  // Ask your library (docs/library-ask.md).
  "library.questionNotFound": 404,
  "library.scopeInvalid": 400,
  // translation
  "translation.needsProvider": 503,
  "translation.unsupportedLanguage": 400,
  "translation.sameLanguage": 400,
  "translation.failed": 500,
  // Ask AI and flashback review
  "chat.questionEmpty": 400,
  "chat.quizNotFound": 404,
  "chat.questionNotFound": 404,
  // hotwords (validation rules, error catalogue Hotword)
  "hotwords.textRequired": 400,
  "hotwords.tooLong": 400,
  "hotwords.membershipRequired": 403,
  "hotwords.limitReached": 400,
  "hotwords.notFound": 404,
  "hotwords.duplicate": 409,
  "hotwords.batchEmpty": 400,
  // voice profiles (lib/voice-profiles)
  "voiceProfiles.proRequired": 403,
  "voiceProfiles.notFound": 404,
  "voiceProfiles.nameTaken": 409,
  "voiceProfiles.mergeSame": 400,
  "voiceProfiles.nameRequired": 400,
  "voiceProfiles.speakerNotFound": 404,
  "voiceProfiles.tooLittleSpeech": 400,
  "voiceProfiles.noSuggestion": 409,
  // MCP keys (error catalogue MCP)
  "mcp.proRequired": 403,
  "mcp.nameRequired": 400,
  "mcp.limitReached": 400,
  "mcp.keyNotFound": 404,
  // the public API and its keys (docs/api.md "Public API")
  "apiKeys.scopeMissing": 403,
  "idempotency.keyInvalid": 400,
  "idempotency.keyReused": 400,
  "idempotency.inProgress": 409,
  // webhooks (docs/api.md "Webhooks")
  "webhooks.proRequired": 403,
  "webhooks.notFound": 404,
  "webhooks.deliveryNotFound": 404,
  "webhooks.urlRefused": 400,
  "webhooks.limitReached": 400,
  // push notifications (lib/push, docs/devices.md "Push notifications")
  "push.notConfigured": 503,
  "push.subscriptionNotFound": 404,
  "push.endpointRefused": 400,
  // account: avatar upload (docs/account.md)
  "account.avatarNotImage": 415,
  "account.avatarTooLarge": 413,
  "account.avatarNotFound": 404,
  // promo codes (error catalogue Promo; docs/billing.md)
  "promo.codeRequired": 400,
  "promo.notFound": 404,
  "promo.inactive": 400,
  "promo.expired": 400,
  "promo.alreadyUsed": 409,
  "promo.usedUp": 400,
  "promo.failed": 500,
  // login (error catalogue Login)
  "auth.invalidEmail": 400,
  "auth.linkInvalid": 400,
  "auth.linkExpired": 400,
  "auth.linkUsed": 400,
  "auth.sendLinkFailed": 500,
  "auth.authFailed": 401,
  "auth.serverDeploying": 503,
  "auth.devLoginDisabled": 403,
  "auth.loginConfigError": 500,
  // Google sign-in (docs/auth.md "Google sign-in")
  "auth.googleDisabled": 403,
  "auth.codeUsed": 409,
  "auth.codeInvalid": 400,
  "auth.socialSessionExpired": 400,
  "auth.providerUnavailable": 502,
  "auth.emailUnverified": 403,
  // an account used on the other edition's host: the region access notice (docs/auth.md "Editions keep accounts apart")
  "auth.wrongEdition": 403,
  // phone login, China edition (validation rules, error catalogue Login; docs/auth.md "China edition and phone login")
  "phone.invalidPhone": 400,
  "phone.wrongCode": 400,
  "phone.sendFailed": 502,
  "phone.incompleteAnswer": 502,
  "phone.resendWait": 429,
  "phone.termsRequired": 400,
  "phone.signInExpired": 400,
  "phone.chinaOnly": 403,
  "phone.notConfigured": 503,
  // human verification and regions (screens and routes, validation rules, error catalogue; docs/auth.md "Human verification and regions")
  "verify.required": 400,
  "verify.failed": 403,
  "verify.expired": 403,
  "verify.replayed": 403,
  "verify.unavailable": 503,
  // meetings (validation rules, error catalogue)
  "meetings.invalidLink": 400,
  "meetings.notConfigured": 503,
  "meetings.joinFailed": 502,
  "meetings.providerError": 502,
  // video-platform links (validation rules, error catalogue)
  "links.empty": 400,
  "links.invalidUrl": 400,
  "links.protocol": 400,
  "links.host": 400,
  "links.rateLimited": 429,
  "links.privateVideo": 400,
  "links.unavailable": 400,
  "links.signInRequired": 400,
  "links.geoBlocked": 400,
  "links.liveNotFinished": 400,
  "links.tooLong": 400,
  "links.tooLarge": 413,
  "links.fetchFailed": 502,
  "links.unreachable": 502,
  "links.notConfigured": 503,
  // the tools site's transcript tool (states and transitions, roles and permissions, error catalogue "video-platform quota exhausted")
  "tools.loginRequired": 403,
  "tools.quotaExhausted": 403,
  "tools.transcriptNotFound": 404,
  "tools.transcriptNotReady": 409,
  // documents (error catalogue Tasks: document generation failed; validation rules Documents)
  "documents.unsupportedType": 415,
  "documents.notDocx": 415,
  "documents.tooLarge": 413,
  "documents.totalTooLarge": 413,
  "documents.tooManyFiles": 400,
  "documents.empty": 400,
  "documents.pasteEmpty": 400,
  "documents.nothingToImport": 400,
  "documents.unsafeArchive": 413,
  "documents.unreadable": 400,
  "documents.textTooLong": 413,
  "documents.generationFailed": 500,
  // folders (validation rules, error catalogue Folders)
  "folders.nameEmpty": 400,
  "folders.nameTooLong": 400,
  "folders.nameExists": 409,
  "folders.alreadyInFolder": 409,
  "folders.notFound": 404,
  "folders.fileNotFound": 404,
  "folders.createFailed": 500,
  "folders.renameFailed": 500,
  "folders.deleteFailed": 500,
  "folders.moveFailed": 500,
  // collaborators (validation rules, error catalogue Collaborators)
  "collab.invalidEmail": 400,
  "collab.invalidPhone": 400,
  "collab.userNotFound": 404,
  "collab.alreadyCollaborator": 409,
  "collab.ownerCannotBeAdded": 400,
  "collab.ownerCannotBeRemoved": 400,
  "collab.onlyOwner": 403,
  "collab.collaboratorNotFound": 404,
  "collab.documentNotFound": 404,
  // co-editing (states and transitions, error catalogue Collaboration; docs/collab.md "Co-editing")
  "collab.loginRequired": 401,
  "collab.permissionDenied": 403,
  "collab.enterFailed": 500,
  "collab.editConflict": 409,
  // share links (states and transitions, error catalogue Share; docs/sharing.md)
  "share.linkInvalid": 404,
  "share.disabled": 404,
  "share.notAnalyzed": 400,
  "share.createFailed": 500,
  "share.toggleFailed": 500,
  "share.authFailed": 401,
  "share.permissionDenied": 403,
  "share.taskNotFound": 404,
  "share.serverError": 500,
  // exports (roles and permissions Pro formats, error catalogue "image export failed", ".xmind export failed"; docs/exports.md)
  "exports.proRequired": 403,
  "exports.noTranscript": 400,
  "exports.noSummary": 400,
  "exports.noMindMap": 400,
  "exports.imageFailed": 500,
  "exports.xmindFailed": 500,
  "exports.pdfFailed": 500,
  // search (issue 10 "Find"; docs/search.md)
  "search.queryEmpty": 400,
  "search.queryTooShort": 400,
  "search.queryTooLong": 400,
  // card subscriptions (error catalogue Subscription and payment; docs/billing.md)
  "payment.cardNotConfigured": 503,
  "payment.cardSessionFailed": 502,
  "payment.planNotForSale": 400,
  "payment.cannotDowngrade": 400,
  "payment.orderNotFound": 404,
  "payment.cannotVerify": 400,
  // Alipay (docs/billing.md "Alipay")
  "payment.alipayNotConfigured": 503,
  "payment.alipaySessionFailed": 502,
  // subscription management (states and transitions, error catalogue; docs/billing.md "Subscription management")
  "payment.alreadySubscribed": 409,
  "payment.noneCancelable": 400,
  "payment.noneToReactivate": 400,
  "payment.alreadyCanceled": 400,
  "payment.cancelFailed": 502,
  "payment.continueFailed": 502,
  "payment.continueNeedsPayment": 400,
  // media tools (validation rules, error catalogue Media; docs/tools.md "Media tools")
  "mediatools.selectVideo": 415,
  "mediatools.selectAudio": 415,
  "mediatools.fileTooLarge": 413,
  "mediatools.noFile": 400,
  "mediatools.noAudioTrack": 400,
  "mediatools.uploadFailed": 500,
  "mediatools.notFound": 404,
  "mediatools.notReady": 409,
  "mediatools.alreadyStarted": 409,
  "mediatools.invalidQuality": 400,
  "mediatools.downloadExpired": 410,
  "mediatools.taskCreateFailed": 500,
  "mediatools.tooManyFiles": 429,
  // live recording (docs/live.md); running out of minutes answers upload.usageLimit like an upload
  "live.notFound": 404,
  "live.ended": 409,
  "live.chunkInvalid": 400,
  "live.chunkTooLarge": 413,
  "live.chunksMissing": 409,
  "live.maxLength": 409,
  "live.nothingRecorded": 400,
} as const;

export type ErrorKey = keyof typeof errorCatalogue;

export class AppError extends Error {
  readonly key: ErrorKey;
  readonly status: number;
  readonly params: Record<string, string | number>;
  readonly data: unknown;

  constructor(key: ErrorKey, params: Record<string, string | number> = {}, data?: unknown) {
    super(key);
    this.name = "AppError";
    this.key = key;
    this.status = errorCatalogue[key];
    this.params = params;
    this.data = data;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
