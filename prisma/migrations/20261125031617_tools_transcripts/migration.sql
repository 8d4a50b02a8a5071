-- CreateTable
CREATE TABLE "ToolTranscript" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "visitorKey" TEXT,
    "url" TEXT NOT NULL,
    "title" TEXT,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "source" TEXT,
    "language" TEXT,
    "durationSec" DOUBLE PRECISION,
    "segments" JSONB,
    "errorCode" TEXT,
    "taskId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "ToolTranscript_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ToolQuotaClaim" (
    "key" TEXT NOT NULL,
    "transcriptId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ToolQuotaClaim_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "ToolTranscriptUsage" (
    "userId" TEXT NOT NULL,
    "used" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ToolTranscriptUsage_pkey" PRIMARY KEY ("userId")
);

-- CreateIndex
CREATE INDEX "ToolTranscript_userId_createdAt_idx" ON "ToolTranscript"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "ToolTranscript_visitorKey_createdAt_idx" ON "ToolTranscript"("visitorKey", "createdAt");

-- CreateIndex
CREATE INDEX "ToolQuotaClaim_transcriptId_idx" ON "ToolQuotaClaim"("transcriptId");

-- AddForeignKey
ALTER TABLE "ToolTranscript" ADD CONSTRAINT "ToolTranscript_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ToolTranscriptUsage" ADD CONSTRAINT "ToolTranscriptUsage_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
