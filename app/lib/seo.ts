// Meta tags every public page carries: title, description, canonical address, OpenGraph and
// Twitter cards. The site's address comes from the root loader (PUBLIC_URL).
import type { MessageKey, Messages } from "../../i18n/translate";
import { textOf } from "./meta";

type Match = { id: string; loaderData?: unknown } | undefined;
type RootData = { messages?: Partial<Messages>; publicUrl?: string; locale?: string };

export const rootDataOf = (matches: Match[]) =>
  (matches.find((match) => match?.id === "root")?.loaderData ?? {}) as RootData;

export function seo(
  matches: Match[],
  page: {
    /** The page's own title, already translated, or a key. */
    title: string | { key: MessageKey };
    description?: string;
    /** The canonical path, such as /blogs or /blog/123. */
    path: string;
    /** An absolute or site-relative image URL for link previews. */
    image?: string | null;
    type?: "website" | "article";
  },
) {
  const root = rootDataOf(matches);
  const brand = root.messages?.["brand.name"] ?? "Maktab";
  const title = typeof page.title === "string" ? page.title : (textOf(matches, page.title.key) ?? brand);
  const fullTitle = title === brand ? brand : `${title} | ${brand}`;
  const description = page.description || root.messages?.["home.lead"] || "";
  const origin = root.publicUrl ?? "";
  const url = `${origin}${page.path}`;
  const image = page.image
    ? page.image.startsWith("http")
      ? page.image
      : `${origin}${page.image}`
    : undefined;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: brand },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:locale", content: root.locale === "bn" ? "bn_BD" : "en_GB" },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
}
