// The child side of runOffThread (lib/jobs/offthread.ts): loads the module named
// on the command line, runs the export on the one input it is sent, answers, exits.
const [modulePath, exportName] = process.argv.slice(2);

process.once("message", (input: unknown) => {
  void (async () => {
    try {
      const mod = (await import(modulePath!)) as Record<string, (arg: unknown) => unknown>;
      const fn = mod[exportName!];
      if (typeof fn !== "function") throw new Error(`${modulePath} has no function ${exportName}`);
      const value = await fn(input);
      process.send!({ ok: true, value }, () => process.exit(0));
    } catch (e) {
      process.send!({ ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) }, () => process.exit(0));
    }
  })();
});
