-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "spokenLanguage" TEXT;
