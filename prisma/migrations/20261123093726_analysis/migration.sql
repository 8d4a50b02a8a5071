-- AlterTable
ALTER TABLE "ChatMessage" ADD COLUMN     "data" JSONB,
ADD COLUMN     "engine" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "mindMapAt" TIMESTAMP(3),
ADD COLUMN     "summaryEditedAt" TIMESTAMP(3),
ADD COLUMN     "summaryLanguage" TEXT;
