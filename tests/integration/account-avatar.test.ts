import sharp from "sharp";
import { POST as uploadAvatar } from "@/app/api/auth/user/avatar/route";
import { GET as serveAvatar } from "@/app/api/avatars/[userId]/[token]/route";
import { GET as getUser } from "@/app/api/auth/user/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { NextRequest } from "next/server";

// Avatar upload (issue 11 "Profile"): probed by content, resized to 256×256 webp, served as ours.
let a: Awaited<ReturnType<typeof signIn>>;
let b: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  a = await signIn("avatar-a");
  b = await signIn("avatar-b");
});

function formOf(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): FormData {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type }), name);
  return form;
}

async function png(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  return Uint8Array.from(await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } }).png().toBuffer());
}

async function fetchAvatar(url: string): Promise<Response> {
  const [, , , userId, token] = url.split("/");
  return serveAvatar(new NextRequest(`http://localhost:3000${url}`), { params: Promise.resolve({ userId: userId!, token: token! }) });
}

type User = { id: string; avatar: string | null };

test("a PNG is accepted, stored as a 256×256 webp and served as our own type with nosniff", async () => {
  const res = await call<User>(uploadAvatar, { token: a.token, form: formOf(await png(640, 480), "me.png", "image/png") });
  expect(res.code).toBe(200);
  expect(res.data.avatar).toMatch(new RegExp(`^/api/avatars/${a.userId}/[0-9a-f]{32}$`));
  const served = await fetchAvatar(res.data.avatar!);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe("image/webp");
  expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
  expect(meta).toMatchObject({ format: "webp", width: 256, height: 256 });
  const me = await call<User>(getUser, { token: a.token });
  expect(me.data.avatar).toBe(res.data.avatar);
});

test("a new upload replaces the old one, whose address then shows nothing", async () => {
  const first = (await call<User>(getUser, { token: a.token })).data.avatar!;
  const res = await call<User>(uploadAvatar, { token: a.token, form: formOf(await png(100, 300), "again.png", "image/png") });
  expect(res.code).toBe(200);
  expect(res.data.avatar).not.toBe(first);
  const old = await fetchAvatar(first);
  expect(((await old.json()) as { code: number }).code).toBe(404);
});

test("a text file named .png is refused with a clear message and changes nothing", async () => {
  const before = (await call<User>(getUser, { token: a.token })).data.avatar;
  const res = await call(uploadAvatar, { token: a.token, form: formOf(new TextEncoder().encode("<html><script>alert(1)</script></html>"), "evil.png", "image/png") });
  expect(res.code).toBe(415);
  expect(res.message).toBe("Please choose a PNG, JPEG, WebP or GIF image");
  expect((await call<User>(getUser, { token: a.token })).data.avatar).toBe(before);
});

test("an image over 5 MB is refused with 413", async () => {
  const big = new Uint8Array(5 * 1024 * 1024 + 10);
  big.set(await png(10, 10));
  const res = await call(uploadAvatar, { token: a.token, form: formOf(big, "big.png", "image/png") });
  expect(res.status).toBe(413);
  expect(res.message).toBe("The image is too large: at most 5 MB");
});

test("another user's upload changes only their own avatar; without a token it is refused", async () => {
  const aBefore = (await call<User>(getUser, { token: a.token })).data.avatar;
  const res = await call<User>(uploadAvatar, { token: b.token, form: formOf(await png(50, 50), "b.png", "image/png") });
  expect(res.code).toBe(200);
  expect(res.data.id).toBe(b.userId);
  expect((await prisma.user.findUnique({ where: { id: a.userId } }))!.avatarUrl).toBe(aBefore);
  const anon = await call(uploadAvatar, { form: formOf(await png(50, 50), "x.png", "image/png") });
  expect(anon.status).toBe(401);
  // B's token under A's user id is not an address of A's avatar.
  const token = res.data.avatar!.split("/").pop()!;
  const crossed = await fetchAvatar(`/api/avatars/${a.userId}/${token}`);
  expect(((await crossed.json()) as { code: number }).code).toBe(404);
});
