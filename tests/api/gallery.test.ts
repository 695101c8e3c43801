// The photo gallery's REST calls (/api/gallery), as a client sees them: an admin makes an album
// and uploads several photos one request each; a file that is not an image is refused naming
// `image` while the others stay; order, captions and the cover; only admins change anything;
// deleting an album deletes its photos' stored files. Every answer is checked against OpenAPI.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { albumPhotos, uploadedFiles } from "../../server/db/schema";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

type Photo = { _id: string; caption: string; position: number; image: string | null; page: string };
type Album = {
  _id: string;
  title: string;
  coverPhotoId: string | null;
  cover: Photo | null;
  photoCount: number;
  photos: Photo[];
};

const jpeg = (hue: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: hue, g: 120, b: 80 } } })
    .jpeg()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

describe("the gallery's calls", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp("pglite", { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
  });
  afterAll(() => t?.close());

  const addPhoto = async (
    album: string,
    bytes: Uint8Array,
    name: string,
    caption: string,
    as = admin,
    position?: string,
  ) => {
    const form = new FormData();
    form.set("caption", caption);
    if (position !== undefined) form.set("position", position);
    form.set("image", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
    const response = await t.request(`/api/gallery/${album}/photos`, {
      method: "POST",
      body: form,
      session: as,
    });
    return { status: response.status, body: await response.json() };
  };
  const read = async (id: string) => (await (await t.request(`/api/gallery/${id}`)).json()) as Album;
  const storedKeys = async (fileIds: string[]) => {
    const keys: string[] = [];
    for (const id of fileIds) {
      const [row] = await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
      for (const variant of row?.variants ?? []) keys.push(variant.key);
    }
    return keys;
  };

  it("keeps photos sent together in the order they name, whichever arrives first, and refuses a bad place", async () => {
    const created = await t.json("/api/gallery", "POST", { title: "Prize day" }, { session: admin });
    const id = ((await created.json()) as { insertedId: string }).insertedId;
    const colours = ["red", "green", "blue", "orange", "purple", "teal"];
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    // Sent last-first, as uploads that end in another order than they were chosen in.
    for (const [place, colour] of [...colours.entries()].reverse()) {
      const sent = await addPhoto(id, png, `${colour}.png`, colour, admin, String(place));
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    }
    expect((await read(id)).photos.map((photo) => photo.caption)).toEqual(colours);
    for (const bad of ["-1", "1.5", "first", "9999999"]) {
      const refused = await addPhoto(id, png, "x.png", "x", admin, bad);
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(refused.body), bad).toMatch(/position/i);
    }
  });

  it("makes an album, takes several photos and refuses the one that is not an image, naming the field", async () => {
    const created = await t.json(
      "/api/gallery",
      "POST",
      { title: "Sports day", description: "On the field", heldOn: "2026-12-16" },
      { session: admin },
    );
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { insertedId: string }).insertedId;

    const sent = await Promise.all([
      addPhoto(id, await jpeg(10), "race.jpg", "The race"),
      addPhoto(id, new TextEncoder().encode("not a picture at all"), "notes.jpg", "Notes"),
      addPhoto(id, await jpeg(200), "prizes.jpg", "পুরস্কার বিতরণ"),
    ]);
    expect(sent[0]?.status).toBe(201);
    expect(sent[2]?.status).toBe(201);
    expect(sent[1]?.status).toBe(415);
    expect(Object.keys(sent[1]?.body.error.fields ?? {})).toEqual(["image"]);

    const album = await read(id);
    expect(album.photoCount).toBe(2);
    expect(album.photos.map((photo) => photo.caption).sort()).toEqual(["The race", "পুরস্কার বিতরণ"]);
    expect(album.photos[0]?.image).toMatch(/^\/files\/images\//);
    expect(album.photos[0]?.page).toBe(`/gallery/${id}/${album.photos[0]?._id}`);
    // The cover is the first photo until one is chosen.
    expect(album.cover?._id).toBe(album.photos[0]?._id);
  });

  it("keeps the order and captions, moves a photo, and takes one of its own photos as the cover", async () => {
    const id = (
      (await (await t.json("/api/gallery", "POST", { title: "Fair" }, { session: admin })).json()) as {
        insertedId: string;
      }
    ).insertedId;
    for (const [index, caption] of ["One", "Two", "Three"].entries()) {
      expect((await addPhoto(id, await jpeg(index * 60), `${index}.jpg`, caption)).status).toBe(201);
    }
    let album = await read(id);
    expect(album.photos.map((photo) => photo.caption)).toEqual(["One", "Two", "Three"]);
    const [one, two, three] = album.photos as [Photo, Photo, Photo];

    const moved = await t.json(
      `/api/gallery/photos/${three._id}`,
      "PATCH",
      { position: 0, caption: "Three, first" },
      { session: admin },
    );
    expect(moved.status).toBe(200);
    await t.json(`/api/gallery/photos/${one._id}`, "PATCH", { position: 5 }, { session: admin });
    album = await read(id);
    expect(album.photos.map((photo) => photo.caption)).toEqual(["Three, first", "Two", "One"]);

    expect(
      (await t.json(`/api/gallery/${id}`, "PATCH", { coverPhotoId: two._id }, { session: admin })).status,
    ).toBe(200);
    album = await read(id);
    expect(album.coverPhotoId).toBe(two._id);
    const list = (await (await t.request("/api/gallery")).json()) as Album[];
    expect(list.find((item) => item._id === id)).toMatchObject({ photoCount: 3, cover: { _id: two._id } });

    // Another album's photo is not a cover; a caption too long is refused naming it.
    const other = await t.json(
      "/api/gallery",
      "POST",
      { title: "Other", coverPhotoId: two._id },
      { session: admin },
    );
    expect(other.status).toBe(400);
    expect(((await other.json()) as { error: { fields: object } }).error.fields).toHaveProperty(
      "coverPhotoId",
    );
    const long = await t.json(
      `/api/gallery/photos/${two._id}`,
      "PATCH",
      { caption: "x".repeat(501) },
      { session: admin },
    );
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { fields: object } }).error.fields).toHaveProperty("caption");
    const unknown = await t.json(
      `/api/gallery/photos/${two._id}`,
      "PATCH",
      { colour: "red" },
      { session: admin },
    );
    expect(unknown.status).toBe(400);

    // The cover photo deleted: the first photo is the cover again.
    expect(
      (await t.request(`/api/gallery/photos/${two._id}`, { method: "DELETE", session: admin })).status,
    ).toBe(200);
    album = await read(id);
    expect(album.coverPhotoId).toBeNull();
    expect(album.photos.map((photo) => photo.caption)).toEqual(["Three, first", "One"]);
  });

  it("refuses visitors and signed-in users who are not admins", async () => {
    const id = (
      (await (await t.json("/api/gallery", "POST", { title: "Mine" }, { session: admin })).json()) as {
        insertedId: string;
      }
    ).insertedId;
    expect((await addPhoto(id, await jpeg(1), "a.jpg", "A")).status).toBe(201);
    const photo = (await read(id)).photos[0] as Photo;
    expect((await t.json("/api/gallery", "POST", { title: "Hers" }, { session: alice })).status).toBe(403);
    expect((await t.json("/api/gallery", "POST", { title: "Anyone's" })).status).toBe(401);
    expect((await addPhoto(id, await jpeg(2), "b.jpg", "B", alice)).status).toBe(403);
    expect(
      (await t.json(`/api/gallery/photos/${photo._id}`, "PATCH", { caption: "Hers" }, { session: alice }))
        .status,
    ).toBe(403);
    expect(
      (await t.request(`/api/gallery/photos/${photo._id}`, { method: "DELETE", session: alice })).status,
    ).toBe(403);
    expect((await t.request(`/api/gallery/${id}`, { method: "DELETE", session: alice })).status).toBe(403);
    expect((await read(id)).photos.map((item) => item.caption)).toEqual(["A"]);
  });

  it("deletes an album with its photos and leaves none of their files", async () => {
    const id = (
      (await (await t.json("/api/gallery", "POST", { title: "Gone" }, { session: admin })).json()) as {
        insertedId: string;
      }
    ).insertedId;
    for (const hue of [30, 90]) expect((await addPhoto(id, await jpeg(hue), "p.jpg", "P")).status).toBe(201);
    const fileIds = await photoFileIds(t, id);
    const keys = await storedKeys(fileIds);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await t.services.files.exists(key)).toBe(true);

    expect((await t.request(`/api/gallery/${id}`, { method: "DELETE", session: admin })).status).toBe(200);
    expect((await t.request(`/api/gallery/${id}`)).status).toBe(404);
    for (const key of keys) expect(await t.services.files.exists(key)).toBe(false);
    for (const fileId of fileIds) {
      expect(await t.services.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId))).toEqual(
        [],
      );
    }
  });
});

async function photoFileIds(t: TestApp, albumId: string): Promise<string[]> {
  const rows = await t.services.db.select().from(albumPhotos).where(eq(albumPhotos.albumId, albumId));
  return rows.map((row) => row.imageFileId as string);
}
