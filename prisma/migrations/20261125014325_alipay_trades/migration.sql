-- CreateTable
CREATE TABLE "AlipayTrade" (
    "tradeNo" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AlipayTrade_pkey" PRIMARY KEY ("tradeNo")
);

-- CreateIndex
CREATE UNIQUE INDEX "AlipayTrade_orderId_key" ON "AlipayTrade"("orderId");
