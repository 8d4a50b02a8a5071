-- CreateIndex
CREATE INDEX "McpKey_userId_idx" ON "McpKey"("userId");
