// loadMessages: a language's 30 namespaces merged over English; in production one copy per language is kept.
type MessagesModule = typeof import("./messages");
type Tree = Record<string, Record<string, unknown>>;

/** A fresh copy of the module (and of env()'s cache) under the given NODE_ENV, with its first answer for "de". */
async function freshModule(nodeEnv: string): Promise<{ mod: MessagesModule; first: Tree }> {
  const saved = process.env.NODE_ENV;
  Object.assign(process.env, { NODE_ENV: nodeEnv });
  try {
    let mod!: MessagesModule;
    jest.isolateModules(() => {
      mod = jest.requireActual<MessagesModule>("./messages");
    });
    return { mod, first: (await mod.loadMessages("de")) as Tree };
  } finally {
    Object.assign(process.env, { NODE_ENV: saved });
  }
}

it("merges a language over English: its own text wins, and every English namespace is there", async () => {
  const { mod, first: de } = await freshModule("test");
  const en = (await mod.loadMessages("en")) as Tree;
  expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
  expect(de.common).not.toEqual(en.common);
  expect(Object.keys(de.errors!).length).toBeGreaterThanOrEqual(Object.keys(en.errors!).length);
});

it("keeps one merged copy per language in production, and re-reads in development", async () => {
  const prod = await freshModule("production");
  expect(await prod.mod.loadMessages("de")).toBe(prod.first);
  expect(await prod.mod.loadMessages("en")).toBe(await prod.mod.loadMessages("en"));
  const dev = await freshModule("development");
  const again = await dev.mod.loadMessages("de");
  expect(again).not.toBe(dev.first);
  expect(again).toEqual(dev.first);
});
