-- Minutes become whole seconds (rounded up), and each task's charge becomes a row of the ledger.
-- Hand-edited from scripts/make-migration.ts's output so the data already there is converted, not dropped.

-- CreateTable
CREATE TABLE "UsageCharge" (
    "id" TEXT NOT NULL,
    "taskId" TEXT,
    "userId" TEXT NOT NULL,
    "periodStart" TIMESTAMP(3) NOT NULL,
    "seconds" INTEGER NOT NULL,
    "intakeSeconds" INTEGER NOT NULL,
    "refundedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsageCharge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "UsageCharge_taskId_key" ON "UsageCharge"("taskId");

-- CreateIndex
CREATE INDEX "UsageCharge_userId_periodStart_idx" ON "UsageCharge"("userId", "periodStart");

-- AddForeignKey
ALTER TABLE "UsageCharge" ADD CONSTRAINT "UsageCharge_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UsageCharge" ADD CONSTRAINT "UsageCharge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live charges of existing tasks (a failed task was refunded and has none). The old code refunded into the
-- period of the task's creation, so that is the period the charge belongs to.
-- ROUND first: a float like 11/60*60 = 11.000000000000002 must stay 11 s, not become 12.
INSERT INTO "UsageCharge" ("id", "taskId", "userId", "periodStart", "seconds", "intakeSeconds", "createdAt", "updatedAt")
SELECT 'mig_' || "id", "id", "userId", date_trunc('month', "createTime"),
       CEIL(ROUND(("chargedMinutes" * 60)::numeric, 6))::integer,
       CEIL(ROUND(("chargedMinutes" * 60)::numeric, 6))::integer,
       "createTime", CURRENT_TIMESTAMP
FROM "Task" WHERE "chargedMinutes" > 0;

-- AlterTable
ALTER TABLE "Task" DROP COLUMN "chargedMinutes";

-- AlterTable
ALTER TABLE "UsagePeriod" ADD COLUMN     "usedSeconds" INTEGER NOT NULL DEFAULT 0;
UPDATE "UsagePeriod" SET "usedSeconds" = GREATEST(0, CEIL(ROUND(("usedMinutes" * 60)::numeric, 6)))::integer;
ALTER TABLE "UsagePeriod" DROP COLUMN "usedMinutes";
