-- AlterTable
ALTER TABLE "Referral" ADD COLUMN     "deviceId" TEXT,
ADD COLUMN     "emailKey" TEXT,
ADD COLUMN     "refusedReason" TEXT;

-- CreateIndex
CREATE INDEX "Referral_referrerId_createdAt_idx" ON "Referral"("referrerId", "createdAt");
