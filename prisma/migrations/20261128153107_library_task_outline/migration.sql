-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "outline" JSONB;
