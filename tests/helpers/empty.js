// Stands in for `server-only` under jest (the real one throws outside React Server Components).
module.exports = {};
