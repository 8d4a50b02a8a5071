-- AlterTable
ALTER TABLE "Subscription" ADD COLUMN     "periodStart" TIMESTAMP(3),
ADD COLUMN     "reminderSentFor" TIMESTAMP(3);
