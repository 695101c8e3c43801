// GET /sitemap.xml: the public pages and every blog a visitor may read, with absolute addresses
// (PUBLIC_URL) and the time each last changed, for search engines.

import { href } from "react-router";
import { kindNames, kinds } from "../../common/kinds";
import { anonymous } from "../../server/domain/actor";
import { blogCollection } from "../../server/domain/blogs";
import type { ContentCollection } from "../../server/domain/content/collection";
import { serverKinds } from "../../server/domain/kinds";
import { escapeXml } from "../../server/xml";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/sitemap";

/** A sitemap holds at most 50,000 addresses. */
const maxUrls = 50_000;
const blogBatch = 500;

type Dated = { createdAt: Date; updatedAt?: Date };

/** The public list pages, each with the collection whose newest record dates it (common/kinds). */
const listPages: [path: string, collection: ContentCollection<unknown> | null][] = [
  ...kindNames.flatMap((kind): [string, ContentCollection<unknown>][] => {
    const path = kinds[kind].publicPath;
    return path ? [[path, serverKinds[kind].collection]] : [];
  }),
  [href("/classRoome"), null],
];

const changedAt = (record: Dated) => record.updatedAt ?? record.createdAt;
const w3cDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

function urlEntry(loc: string, lastmod?: Date): string {
  const modified = lastmod ? `<lastmod>${w3cDate(lastmod)}</lastmod>` : "";
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = pageOf(context);
  const ctx = contentContext(context);
  const origin = services.config.publicUrl;

  const newest = await Promise.all(
    listPages.map(async ([, collection]) => {
      if (!collection) return undefined;
      const { items } = await collection.list(ctx, anonymous, { limit: 1, offset: 0 });
      const [first] = items as Dated[];
      return first ? changedAt(first) : undefined;
    }),
  );
  const known = newest.filter((date): date is Date => date !== undefined);
  const siteChanged = known.length > 0 ? new Date(Math.max(...known.map(Number))) : undefined;

  const blogs: (Dated & { id: string })[] = [];
  const roomForBlogs = maxUrls - listPages.length - 1;
  for (let offset = 0; blogs.length < roomForBlogs; offset += blogBatch) {
    const { items } = await blogCollection.list(ctx, anonymous, {
      limit: Math.min(blogBatch, roomForBlogs - blogs.length),
      offset,
    });
    blogs.push(...items);
    if (items.length < blogBatch) break;
  }

  const entries = [
    urlEntry(`${origin}/`, siteChanged),
    ...listPages.map(([path], index) => urlEntry(`${origin}${path}`, newest[index])),
    ...blogs.map((blog) => urlEntry(`${origin}/blog/${encodeURIComponent(blog.id)}`, changedAt(blog))),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.join("\n")}
</urlset>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
