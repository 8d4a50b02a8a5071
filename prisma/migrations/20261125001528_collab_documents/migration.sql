-- CreateTable
CREATE TABLE "CollabDocument" (
    "name" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "state" BYTEA NOT NULL,
    "baseHash" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CollabDocument_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE INDEX "CollabDocument_taskId_idx" ON "CollabDocument"("taskId");

-- AddForeignKey
ALTER TABLE "CollabDocument" ADD CONSTRAINT "CollabDocument_taskId_fkey" FOREIGN KEY ("taskId") REFERENCES "Task"("id") ON DELETE CASCADE ON UPDATE CASCADE;
