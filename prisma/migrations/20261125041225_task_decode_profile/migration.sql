-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "decodeProfile" TEXT;
