-- AlterTable
ALTER TABLE "ProcessedMediaFile" ADD COLUMN     "audioCodec" TEXT,
ADD COLUMN     "completedAt" TIMESTAMP(3),
ADD COLUMN     "errorCode" TEXT,
ADD COLUMN     "mode" TEXT,
ADD COLUMN     "originalBitrate" INTEGER,
ADD COLUMN     "originalFormat" TEXT NOT NULL,
ADD COLUMN     "outputType" TEXT,
ADD COLUMN     "sourceKey" TEXT,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'uploaded',
ADD COLUMN     "tool" TEXT NOT NULL,
ALTER COLUMN "processedSize" DROP NOT NULL,
ALTER COLUMN "audioFormat" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "ProcessedMediaFile_visitorKey_createdAt_idx" ON "ProcessedMediaFile"("visitorKey", "createdAt");

-- CreateIndex
CREATE INDEX "ProcessedMediaFile_downloadExpiresAt_idx" ON "ProcessedMediaFile"("downloadExpiresAt");
