// The photo gallery end to end, against the built server with the sample albums: without script
// an album and a photo's page work with previous and next; with script a thumbnail opens the
// viewer, the arrow keys and a swipe move, Escape closes and focus returns; Bangla; axe at 1280
// and 360 px; and the dashboard's many-photo upload, a progress bar per file, every good photo
// arriving, and its buttons that move a photo earlier or later.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { sampleAlbums } from "../../server/sample-content/data";
import { checkAccessibility, formatViolations } from "./accessibility";
import { newPage, signInThroughLogin, useSite } from "./harness";

const admin = { email: "office@school.test", password: "office-password-1" };
const [sports, fair] = sampleAlbums as [(typeof sampleAlbums)[0], (typeof sampleAlbums)[0]];

type WireAlbum = {
  _id: string;
  title: string;
  photoCount: number;
  photos: { _id: string; caption: string; imageSet?: { width?: number; height?: number } | null }[];
};

describe("the photo gallery", () => {
  const site = useSite({ sampleContent: true, admin });
  let albums: WireAlbum[];
  const albumNamed = (title: string) => albums.find((album) => album.title === title) as WireAlbum;

  beforeAll(async () => {
    const list = (await (await fetch(`${site.url}/api/gallery`)).json()) as WireAlbum[];
    albums = await Promise.all(
      list.map(
        async (album) => (await (await fetch(`${site.url}/api/gallery/${album._id}`)).json()) as WireAlbum,
      ),
    );
  });

  const caption = (page: Page) => page.locator("figcaption").first().textContent();

  it("works without script: the albums, an album's photos, and a photo's page with previous and next", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    await page.goto(`${site.url}/gallery`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Photo gallery");
    const card = page.locator(".album-card").filter({ hasText: sports.title });
    expect(await card.textContent()).toContain(`${sports.captions.length} photos`);
    await card.getByRole("link").click();
    await page.waitForURL(`${site.url}/gallery/${albumNamed(sports.title)._id}`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(sports.title);
    const thumbnails = page.getByRole("list", { name: "Photos" }).getByRole("link");
    expect(await thumbnails.count()).toBe(sports.captions.length);
    const image = thumbnails.first().locator("img");
    // Its widths in WebP, and a JPEG for a browser without WebP.
    expect(await thumbnails.first().locator('source[type="image/webp"]').getAttribute("srcset")).toMatch(
      / 320w/,
    );
    expect(await image.getAttribute("src")).toMatch(/\.jpg$/);
    expect(await image.getAttribute("width")).toBeTruthy();

    await thumbnails.first().click();
    expect(await caption(page)).toContain(sports.captions[0]);
    expect(await page.getByRole("link", { name: /Previous photo/ }).count()).toBe(0);
    await page.getByRole("link", { name: /Next photo/ }).click();
    expect(await caption(page)).toContain(sports.captions[1]);
    expect(await caption(page)).toContain("Photo 2 of 3");
    await page.getByRole("link", { name: /Previous photo/ }).click();
    expect(await caption(page)).toContain(sports.captions[0]);
    await page.getByRole("link", { name: "Back to the album" }).click();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(sports.title);
  });

  it("opens the viewer from a thumbnail with script: arrows move, Escape closes, focus returns, the address follows", async () => {
    const { page } = await newPage(site.browser);
    const album = albumNamed(sports.title);
    await page.goto(`${site.url}/gallery/${album._id}`);
    const thumbnails = page.getByRole("list", { name: "Photos" }).getByRole("link");
    await thumbnails.first().click();
    const viewer = page.getByRole("dialog", { name: "Photo viewer" });
    await viewer.waitFor();
    expect(await viewer.locator("figcaption").textContent()).toContain(sports.captions[0]);
    expect(await viewer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/gallery/${album._id}/${album.photos[0]?._id}`);

    await page.keyboard.press("ArrowRight");
    await expect.poll(() => viewer.locator("figcaption").textContent()).toContain(sports.captions[1]);
    expect(new URL(page.url()).pathname).toBe(`/gallery/${album._id}/${album.photos[1]?._id}`);
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => viewer.locator("figcaption").textContent()).toContain(sports.captions[0]);
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => viewer.locator("figcaption").textContent()).toContain(sports.captions[1]);
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "hidden" });
    // The dialog hides at once; its close event (which moves focus to the photo last shown and
    // puts back the album's address) comes a moment later, and until then the browser gives focus
    // back to the thumbnail first clicked.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-photo")))
      .toBe(album.photos[1]?._id);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/gallery/${album._id}`);

    // The address shown opens that same photo.
    await page.goto(`${site.url}/gallery/${album._id}/${album.photos[1]?._id}`);
    expect(await caption(page)).toContain(sports.captions[1]);
  });

  it("moves with a swipe on a touch screen; a short touch does not move", async () => {
    const { page } = await newPage(site.browser, { viewport: { width: 360, height: 740 } });
    const album = albumNamed(sports.title);
    await page.goto(`${site.url}/gallery/${album._id}`);
    await page.getByRole("list", { name: "Photos" }).getByRole("link").first().click();
    const viewer = page.getByRole("dialog", { name: "Photo viewer" });
    await viewer.waitFor();
    const shown = () => viewer.locator("figcaption").textContent();
    expect(await shown()).toContain(sports.captions[0]);
    // A finger put down, moved sideways and lifted on the photo, as a phone reports it.
    const swipe = (fromX: number, toX: number) =>
      viewer.evaluate(
        (dialog, [from, to]) => {
          const target = dialog.querySelector("img") ?? dialog;
          const touch = (x: number) => new Touch({ identifier: 1, target, clientX: x, clientY: 300 });
          const send = (type: string, x: number, down: boolean) =>
            target.dispatchEvent(
              new TouchEvent(type, {
                bubbles: true,
                cancelable: true,
                touches: down ? [touch(x)] : [],
                changedTouches: [touch(x)],
              }),
            );
          send("touchstart", from as number, true);
          send("touchmove", ((from as number) + (to as number)) / 2, true);
          send("touchend", to as number, false);
        },
        [fromX, toX],
      );
    await swipe(300, 60);
    await expect.poll(shown).toContain(sports.captions[1]);
    expect(new URL(page.url()).pathname).toBe(`/gallery/${album._id}/${album.photos[1]?._id}`);
    await swipe(60, 300);
    await expect.poll(shown).toContain(sports.captions[0]);
    await swipe(200, 180);
    await page.waitForTimeout(300);
    expect(await shown()).toContain(sports.captions[0]);
  });

  it("speaks Bangla with Bengali digits", async () => {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.goto(`${site.url}/gallery`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("ফটো গ্যালারি");
    const list = (await page.getByTestId("list").textContent()) ?? "";
    expect(list).toContain("৩টি ছবি");
    expect(list).not.toMatch(/[0-9]/);
    const album = albumNamed(sports.title);
    await page.goto(`${site.url}/gallery/${album._id}/${album.photos[0]?._id}`);
    expect(await caption(page)).toContain("৩টির মধ্যে ১ নম্বর ছবি");
    expect(await page.getByRole("link", { name: /পরের ছবি/ }).count()).toBe(1);
  });

  it("passes every axe rule on the albums, an album with its viewer open, and a photo, at 1280 and 360 px", async () => {
    const found: string[] = [];
    const album = albumNamed(sports.title);
    for (const locale of ["en", "bn"]) {
      const { context, page } = await newPage(site.browser);
      await context.addCookies([{ name: "maktab_lang", value: locale, url: site.url }]);
      for (const path of [
        "/gallery",
        `/gallery/${album._id}`,
        `/gallery/${album._id}/${album.photos[0]?._id}`,
      ]) {
        await page.goto(`${site.url}${path}`);
        for (const width of [1280, 360]) {
          await page.setViewportSize({ width, height: 800 });
          const violations = await checkAccessibility(page);
          if (violations.length > 0)
            found.push(`${locale} ${path} ${width} px:\n${formatViolations(violations)}`);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${locale} ${path} ${width}`).toBeLessThanOrEqual(0);
        }
      }
      await page.goto(`${site.url}/gallery/${album._id}`);
      await page
        .getByRole("list", { name: locale === "en" ? "Photos" : "ছবি" })
        .getByRole("link")
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
      for (const width of [1280, 360]) {
        await page.setViewportSize({ width, height: 800 });
        const violations = await checkAccessibility(page);
        if (violations.length > 0)
          found.push(`${locale} viewer ${width} px:\n${formatViolations(violations)}`);
      }
      await context.close();
    }
    expect(found.join("\n")).toBe("");
  });

  it("uploads many photos at once from the dashboard, a progress bar per file, and refuses only the bad one", async () => {
    const { page } = await newPage(site.browser);
    const album = albumNamed(fair.title);
    const path = `/DeashBoard/albums/${album._id}/photos`;
    await signInThroughLogin(page, site.url, admin, path);
    await page.waitForURL((url) => url.pathname === path);
    expect(await page.getByTestId("dashboard-menu").getByRole("link", { name: "Add album" }).count()).toBe(1);
    // A slow line, so every file's progress is seen while it is sent.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 50,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const photo = async (hue: number, width = 500) =>
      sharp({
        create: {
          width,
          height: 400,
          channels: 3,
          background: { r: hue, g: 90, b: 60 },
          noise: { type: "gaussian", mean: 120, sigma: 40 },
        },
      })
        .png()
        .toBuffer();
    await page.getByTestId("album-photo-files").setInputFiles([
      // The first chosen is the largest, so it is the last to arrive: still first in the album.
      { name: "stage.png", mimeType: "image/png", buffer: await photo(20, 1600) },
      { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") },
      { name: "judges.png", mimeType: "image/png", buffer: await photo(200) },
    ]);
    const uploads = page.getByTestId("uploads").locator("li");
    await expect.poll(() => uploads.count()).toBe(3);
    expect(await page.getByRole("progressbar").count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => uploads.filter({ hasText: "added" }).count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "notes.png" }).count()).toBe(1);
    await expect
      .poll(() => page.getByTestId("album-photos").locator("li").count(), { timeout: 10_000 })
      .toBe(fair.captions.length + 2);

    // In the order chosen (the wide stage before the judges), whichever upload ended first.
    const shapes = ((await (await fetch(`${site.url}/api/gallery/${album._id}`)).json()) as WireAlbum).photos
      .slice(fair.captions.length)
      .map((item) => Math.round((item.imageSet?.width ?? 0) / (item.imageSet?.height ?? 1)));
    expect(shapes).toEqual([4, 1]);

    // A caption saved, and the album's count on the public page.
    await page.getByTestId(`caption-${fair.captions.length}`).fill("The stage");
    await page.getByRole("button", { name: "Save caption" }).nth(fair.captions.length).click();
    await expect
      .poll(async () => {
        const answer = (await (await fetch(`${site.url}/api/gallery/${album._id}`)).json()) as WireAlbum;
        return answer.photos.map((item) => item.caption).sort();
      })
      .toEqual([...fair.captions, "The stage", ""].sort());
  });

  it("moves a photo earlier and later from the dashboard without script, and the album shows the new order", async () => {
    const { page } = await newPage(site.browser, { javaScript: false });
    const album = albumNamed(sports.title);
    const path = `/DeashBoard/albums/${album._id}/photos`;
    await signInThroughLogin(page, site.url, admin, path);
    await page.waitForURL((url) => url.pathname === path);
    const order = async () => {
      const answer = (await (await fetch(`${site.url}/api/gallery/${album._id}`)).json()) as WireAlbum;
      return answer.photos.map((item) => item.caption);
    };
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(3);
    // The first photo has no "earlier", the last no "later".
    expect(await page.getByRole("button", { name: "Move earlier: photo 1" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: `Move later: photo ${before.length}` }).count()).toBe(0);

    const swapped = (list: (string | undefined)[], at: number) =>
      list.map((item, index) => (index === at ? list[at + 1] : index === at + 1 ? list[at] : item));
    await page.getByRole("button", { name: "Move later: photo 1" }).click();
    await page.waitForLoadState();
    const once = swapped(before, 0);
    expect(await order()).toEqual(once);
    await page.getByRole("button", { name: `Move earlier: photo ${before.length}` }).click();
    await page.waitForLoadState();
    expect(await order()).toEqual(swapped(once, before.length - 2));

    // The public album, in the new order.
    await page.goto(`${site.url}/gallery/${album._id}`);
    const shown = await page
      .getByRole("list", { name: "Photos" })
      .getByRole("link")
      .locator("img")
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).alt));
    expect(shown).toEqual(swapped(once, before.length - 2));
  });

  it("moves a photo straight to a chosen place without script, in English and Bangla", async () => {
    const { context, page } = await newPage(site.browser, { javaScript: false });
    const album = albumNamed(sports.title);
    const path = `/DeashBoard/albums/${album._id}/photos`;
    await signInThroughLogin(page, site.url, admin, path);
    await page.waitForURL((url) => url.pathname === path);
    const order = async () => {
      const answer = (await (await fetch(`${site.url}/api/gallery/${album._id}`)).json()) as WireAlbum;
      return answer.photos.map((item) => item._id);
    };
    const before = await order();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const last = before.length;
    // The first photo to the last place in one move, the others each one place up.
    await page.getByLabel("Place of photo 1").selectOption(String(last));
    await page.getByRole("button", { name: "Move there: photo 1" }).click();
    await page.waitForLoadState();
    expect(await order()).toEqual([...before.slice(1), before[0]]);
    expect(await page.getByLabel(`Place of photo ${last}`).inputValue()).toBe(String(last));
    // In Bangla, the last one back to the first place.
    await context.addCookies([{ name: "maktab_lang", value: "bn", url: site.url }]);
    await page.reload();
    const bangla = String(last).replace(/[0-9]/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));
    await page.getByLabel(`ছবি ${bangla}-এর স্থান`).selectOption("1");
    await page.getByRole("button", { name: `সেখানে সরান: ছবি ${bangla}` }).click();
    await page.waitForLoadState();
    expect(await order()).toEqual(before);
  });
});
