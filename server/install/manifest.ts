// The installed app (issue 39 item 3, docs/offline-and-dates.md): the web app manifest, in the
// reader's language, with the institute's name from its settings (its English or Bangla name, or
// the site's), and its icons drawn from the logo (the site's favicon.svg) by sharp at 192 and
// 512 px, made once per process.
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Hono } from "hono";
import { dictionaries } from "../../i18n";
import type { Services } from "../container";
import { localeOf } from "../cookies";
import { defaultSiteSettings, readSiteSettings } from "../domain/site-settings";
import { loadSharp } from "../files/images";
import type { AppEnv } from "../http-env";

/** The logo's green: the installed app's title bar and splash screen. */
export const themeColour = "#087f5b";
export const iconSizes = [192, 512] as const;
export const manifestPath = "/manifest.webmanifest";
export const iconPath = (size: number) => `/icons/icon-${size}.png`;

/** The manifest for a language: the names, the icons, where the app starts and how it shows. */
export function webManifest(locale: "en" | "bn", names: { nameEn: string | null; nameBn: string | null }) {
  const name = (locale === "bn" ? names.nameBn : names.nameEn) ?? dictionaries[locale]["brand.name"];
  return {
    id: "/",
    name,
    short_name:
      [...new Intl.Segmenter().segment(name)].length > 12 ? dictionaries[locale]["brand.name"] : name,
    lang: locale === "bn" ? "bn-BD" : "en",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: themeColour,
    background_color: "#ffffff",
    icons: iconSizes.flatMap((size) => [
      { src: iconPath(size), sizes: `${size}x${size}`, type: "image/png", purpose: "any" },
      { src: iconPath(size), sizes: `${size}x${size}`, type: "image/png", purpose: "maskable" },
    ]),
  };
}

/** The logo on a square of its green with room around it (a maskable icon's safe zone), as PNG. */
export async function iconOf(logo: Buffer, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const inner = Math.round(size * 0.8);
  const drawn = await sharp(logo, { density: Math.ceil((72 * inner) / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: themeColour } })
    .composite([{ input: drawn, gravity: "centre" }])
    .png()
    .toBuffer();
}

/** GET /manifest.webmanifest and the icons; the logo is the built site's favicon.svg. */
export function mountInstall(app: Hono<AppEnv>, services: Services, assetsDir: string) {
  const icons = new Map<number, Promise<Buffer>>();
  const icon = (size: number) => {
    let made = icons.get(size);
    if (!made) {
      made = readFile(path.join(assetsDir, "favicon.svg")).then((logo) => iconOf(logo, size));
      made.catch(() => icons.delete(size));
      icons.set(size, made);
    }
    return made;
  };
  app.get(manifestPath, async (c) => {
    // A database that does not answer still gives the site's own name.
    const settings = await readSiteSettings(services.db).catch(() => defaultSiteSettings);
    c.header("Content-Type", "application/manifest+json; charset=utf-8");
    // Its language follows the reader's cookie: kept by no one but for a short while.
    c.header("Cache-Control", "private, max-age=300");
    c.header("Vary", "Cookie, Accept-Language");
    return c.body(JSON.stringify(webManifest(localeOf(c.req.raw), settings)));
  });
  for (const size of iconSizes) {
    app.get(iconPath(size), async (c) => {
      const png = await icon(size);
      c.header("Content-Type", "image/png");
      c.header("Cache-Control", "public, max-age=86400");
      return c.body(new Uint8Array(png));
    });
  }
}
