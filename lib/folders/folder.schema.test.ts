import { checkFolderName, folderNameKey, MAX_FOLDER_NAME, moveBatchBody, moveTaskBody } from "./folder.schema";

// The name rules the dialogs and the server share.
test("names are trimmed, white space folded, invisible edges dropped", () => {
  expect(checkFolderName("  Weekly \t\n meetings  ")).toEqual({ ok: true, name: "Weekly meetings" });
  expect(checkFolderName("\u200b\ufeffTeam\u200b")).toEqual({ ok: true, name: "Team" });
  // Composed and decomposed forms are one name.
  expect(checkFolderName("Cafe\u0301")).toEqual({ ok: true, name: "Café" });
});

test("empty and too long names are refused", () => {
  expect(checkFolderName("   ")).toEqual({ ok: false, problem: "empty" });
  expect(checkFolderName("\u200b")).toEqual({ ok: false, problem: "empty" });
  expect(checkFolderName("会".repeat(MAX_FOLDER_NAME))).toMatchObject({ ok: true });
  expect(checkFolderName("会".repeat(MAX_FOLDER_NAME + 1))).toEqual({ ok: false, problem: "tooLong" });
  // Characters, not UTF-16 units: 50 emoji fit.
  expect(checkFolderName("📁".repeat(MAX_FOLDER_NAME))).toMatchObject({ ok: true });
});

test("names differing only in case share one key", () => {
  expect(folderNameKey("Work")).toBe(folderNameKey("WORK"));
  expect(folderNameKey("Straße")).not.toBe(folderNameKey("Strasse"));
});

test("a move names its destination: null is uncategorized, absent is refused", () => {
  expect(moveTaskBody.parse({ folderId: null })).toEqual({ folderId: null });
  expect(moveTaskBody.safeParse({}).success).toBe(false);
  expect(moveBatchBody.safeParse({ ids: [], folderId: null }).success).toBe(false);
  expect(moveBatchBody.safeParse({ ids: ["a"], folderId: "f" }).success).toBe(true);
});
