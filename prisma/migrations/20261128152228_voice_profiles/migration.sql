-- CreateEnum
CREATE TYPE "SpeakerProfileState" AS ENUM ('suggested', 'confirmed', 'undone');

-- AlterTable
ALTER TABLE "Speaker" ADD COLUMN     "profileConfidence" DOUBLE PRECISION,
ADD COLUMN     "profileId" TEXT,
ADD COLUMN     "profileState" "SpeakerProfileState";

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "speakerSource" TEXT;

-- CreateTable
CREATE TABLE "VoiceProfile" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VoiceProfile_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoiceEmbedding" (
    "id" TEXT NOT NULL,
    "profileId" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "vector" DOUBLE PRECISION[],
    "speechSec" DOUBLE PRECISION NOT NULL,
    "taskId" TEXT,
    "refStart" DOUBLE PRECISION,
    "refEnd" DOUBLE PRECISION,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoiceEmbedding_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "VoiceProfile_userId_name_key" ON "VoiceProfile"("userId", "name");

-- CreateIndex
CREATE INDEX "VoiceEmbedding_profileId_idx" ON "VoiceEmbedding"("profileId");

-- CreateIndex
CREATE INDEX "VoiceEmbedding_taskId_idx" ON "VoiceEmbedding"("taskId");

-- CreateIndex
CREATE INDEX "Speaker_profileId_idx" ON "Speaker"("profileId");

-- AddForeignKey
ALTER TABLE "Speaker" ADD CONSTRAINT "Speaker_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "VoiceProfile"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoiceProfile" ADD CONSTRAINT "VoiceProfile_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoiceEmbedding" ADD CONSTRAINT "VoiceEmbedding_profileId_fkey" FOREIGN KEY ("profileId") REFERENCES "VoiceProfile"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VoiceEmbedding" ADD CONSTRAINT "VoiceEmbedding_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;
