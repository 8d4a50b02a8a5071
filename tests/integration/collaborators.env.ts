// Imported first by collaborators.test.ts: a small add limit, so a few calls reach it.
process.env.COLLAB_ADDS_PER_10_MINUTES = "20";
export {};
