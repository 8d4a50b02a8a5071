-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "speakerCount" INTEGER;
