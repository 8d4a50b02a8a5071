-- CreateTable
CREATE TABLE "LibraryQuestion" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "citations" JSONB NOT NULL,
    "engine" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LibraryQuestion_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LibraryQuestion_userId_scope_createdAt_idx" ON "LibraryQuestion"("userId", "scope", "createdAt");

-- AddForeignKey
ALTER TABLE "LibraryQuestion" ADD CONSTRAINT "LibraryQuestion_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
