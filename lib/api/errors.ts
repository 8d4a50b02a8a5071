// The one error type. Each catalogue key is also the translation key under
// "errors." in messages/*.json, and carries the HTTP status it is sent with.
//
// Domain "not found" answers go out with HTTP 400 and body code 404: a bare
// HTTP 404 means "this route no longer exists" to the client, which then
// shows the version-update overlay (spec §8).
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
  // upload (spec §8 Upload)
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
  // tasks (spec §8 Tasks)
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
  // analysis (spec §8 Tasks: analysis failed, analysis timeout, markdown save failed; Share: content not analyzed)
  "analysis.alreadyAnalyzed": 409,
  "analysis.running": 409,
  "analysis.notAnalyzed": 400,
  "analysis.failed": 500,
  "analysis.timeout": 504,
  "analysis.summaryEmpty": 400,
  "analysis.markdownSaveFailed": 500,
  "analysis.providerFailed": 502,
  // translation
  "translation.needsProvider": 503,
  "translation.unsupportedLanguage": 400,
  "translation.sameLanguage": 400,
  "translation.failed": 500,
  // Ask AI and flashback review
  "chat.questionEmpty": 400,
  "chat.quizNotFound": 404,
  "chat.questionNotFound": 404,
  // hotwords (spec §5, §8 Hotword)
  "hotwords.textRequired": 400,
  "hotwords.tooLong": 400,
  "hotwords.membershipRequired": 403,
  "hotwords.limitReached": 400,
  "hotwords.notFound": 404,
  "hotwords.duplicate": 409,
  "hotwords.batchEmpty": 400,
  // MCP keys (spec §8 MCP)
  "mcp.proRequired": 403,
  "mcp.nameRequired": 400,
  "mcp.limitReached": 400,
  "mcp.keyNotFound": 404,
  // push notifications (lib/push, docs/clients.md "Push notifications")
  "push.notConfigured": 503,
  "push.subscriptionNotFound": 404,
  "push.endpointRefused": 400,
  // account: avatar upload (docs/account.md)
  "account.avatarNotImage": 415,
  "account.avatarTooLarge": 413,
  "account.avatarNotFound": 404,
  // promo codes (spec §8 Promo; docs/billing.md)
  "promo.codeRequired": 400,
  "promo.notFound": 404,
  "promo.inactive": 400,
  "promo.expired": 400,
  "promo.alreadyUsed": 409,
  "promo.usedUp": 400,
  "promo.failed": 500,
  // login (spec §8 Login)
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
  // phone login, China edition (spec §5, §8 Login; docs/auth.md "China edition and phone login")
  "phone.invalidPhone": 400,
  "phone.wrongCode": 400,
  "phone.sendFailed": 502,
  "phone.incompleteAnswer": 502,
  "phone.resendWait": 429,
  "phone.termsRequired": 400,
  "phone.signInExpired": 400,
  "phone.chinaOnly": 403,
  "phone.notConfigured": 503,
  // human verification and regions (spec §2, §5, §8; docs/auth.md "Human verification and regions")
  "verify.required": 400,
  "verify.failed": 403,
  "verify.expired": 403,
  "verify.replayed": 403,
  "verify.unavailable": 503,
  // meetings (spec §5, §8)
  "meetings.invalidLink": 400,
  "meetings.notConfigured": 503,
  "meetings.joinFailed": 502,
  "meetings.providerError": 502,
  // video-platform links (spec §5, §8)
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
  // the tools site's transcript tool (spec §4, §6, §8 "video-platform quota exhausted")
  "tools.loginRequired": 403,
  "tools.quotaExhausted": 403,
  "tools.transcriptNotFound": 404,
  "tools.transcriptNotReady": 409,
  // documents (spec §8 Tasks: document generation failed; §5 Documents)
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
  // folders (spec §5, §8 Folders)
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
  // collaborators (spec §5, §8 Collaborators)
  "collab.invalidEmail": 400,
  "collab.invalidPhone": 400,
  "collab.userNotFound": 404,
  "collab.alreadyCollaborator": 409,
  "collab.ownerCannotBeAdded": 400,
  "collab.ownerCannotBeRemoved": 400,
  "collab.onlyOwner": 403,
  "collab.collaboratorNotFound": 404,
  "collab.documentNotFound": 404,
  // co-editing (spec §4, §8 Collaboration; docs/collaboration.md "Co-editing")
  "collab.loginRequired": 401,
  "collab.permissionDenied": 403,
  "collab.enterFailed": 500,
  "collab.editConflict": 409,
  // share links (spec §4, §8 Share; docs/sharing.md)
  "share.linkInvalid": 404,
  "share.disabled": 404,
  "share.notAnalyzed": 400,
  "share.createFailed": 500,
  "share.toggleFailed": 500,
  "share.authFailed": 401,
  "share.permissionDenied": 403,
  "share.taskNotFound": 404,
  "share.serverError": 500,
  // exports (spec §6 Pro formats, §8 "image export failed", ".xmind export failed"; docs/exports.md)
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
  // card subscriptions (spec §8 Subscription and payment; docs/billing.md)
  "payment.cardNotConfigured": 503,
  "payment.cardSessionFailed": 502,
  "payment.planNotForSale": 400,
  "payment.cannotDowngrade": 400,
  "payment.orderNotFound": 404,
  "payment.cannotVerify": 400,
  // Alipay (docs/billing.md "Alipay")
  "payment.alipayNotConfigured": 503,
  "payment.alipaySessionFailed": 502,
  // subscription management (spec §4, §8; docs/billing.md "Subscription management")
  "payment.alreadySubscribed": 409,
  "payment.noneCancelable": 400,
  "payment.noneToReactivate": 400,
  "payment.alreadyCanceled": 400,
  "payment.cancelFailed": 502,
  "payment.continueFailed": 502,
  "payment.continueNeedsPayment": 400,
  // media tools (spec §5, §8 Media; docs/tools.md "Media tools")
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
