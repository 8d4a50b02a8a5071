-- AlterTable
ALTER TABLE "PromoCode" ADD COLUMN     "maxUses" INTEGER,
ADD COLUMN     "usedCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "videoToolBonusUses" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "CommunityReward" (
    "userId" TEXT NOT NULL,
    "minutes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CommunityReward_pkey" PRIMARY KEY ("userId")
);

-- AddForeignKey
ALTER TABLE "CommunityReward" ADD CONSTRAINT "CommunityReward_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
