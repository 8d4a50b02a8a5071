/**
 * Imported first by server.ts, so that it runs before Next's modules load.
 *
 * tsx turns on Node's source-map support (for stack traces that name .ts lines). Node then
 * reads, parses and keeps the map of every module it loads, and Next's runtime and the
 * build's server chunks come with about 50 MB of maps: measured, 198 MB of live heap per web
 * process against 121 MB without (bench/README.md "load: findings"), and every
 * old-generation collection has to mark all of it while requests wait. The web's stack
 * traces name the lines tsx produced instead, which stay close to the sources.
 */
process.setSourceMapsEnabled(false);
