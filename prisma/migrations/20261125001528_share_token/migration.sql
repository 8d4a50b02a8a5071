-- DropIndex
DROP INDEX "Share_slugDate_slugTitle_key";

-- AlterTable
ALTER TABLE "Share" ADD COLUMN     "allowIndexing" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "token" TEXT NOT NULL,
ADD COLUMN     "tokenHash" TEXT NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Share_tokenHash_key" ON "Share"("tokenHash");
