-- CreateEnum
CREATE TYPE "LiveState" AS ENUM ('recording', 'paused', 'ended');

-- AlterEnum
ALTER TYPE "TaskSource" ADD VALUE 'live';

-- CreateTable
CREATE TABLE "LiveSession" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "state" "LiveState" NOT NULL DEFAULT 'recording',
    "source" TEXT NOT NULL,
    "spokenLanguage" TEXT NOT NULL,
    "title" TEXT,
    "folderId" TEXT,
    "chunkSeconds" DOUBLE PRECISION NOT NULL,
    "receivedSeq" INTEGER NOT NULL DEFAULT -1,
    "durationSec" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "stopReason" TEXT,
    "stopAtSeq" INTEGER,
    "taskId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LiveSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LiveMark" (
    "id" TEXT NOT NULL,
    "sessionId" TEXT NOT NULL,
    "atSec" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiveMark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TaskHighlight" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "atSec" DOUBLE PRECISION NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TaskHighlight_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "LiveSession_taskId_key" ON "LiveSession"("taskId");

-- CreateIndex
CREATE INDEX "LiveSession_userId_state_idx" ON "LiveSession"("userId", "state");

-- CreateIndex
CREATE INDEX "LiveMark_sessionId_idx" ON "LiveMark"("sessionId");

-- CreateIndex
CREATE INDEX "TaskHighlight_taskId_atSec_idx" ON "TaskHighlight"("taskId", "atSec");

-- AddForeignKey
ALTER TABLE "LiveSession" ADD CONSTRAINT "LiveSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LiveMark" ADD CONSTRAINT "LiveMark_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "LiveSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TaskHighlight" ADD CONSTRAINT "TaskHighlight_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
