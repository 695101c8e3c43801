// GET /blogs/rss.xml: RSS 2.0 of the 20 newest blogs a visitor may read. Every text from
// content is escaped, so a title with markup stays text.

import { en } from "../../i18n/en";
import { excerpt } from "../../i18n/format";
import { anonymous } from "../../server/domain/actor";
import { blogCollection } from "../../server/domain/blogs";
import { escapeXml } from "../../server/xml";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/blogs-rss";

const itemCount = 20;
const excerptLength = 300;

/** RFC 822 dates, as RSS 2.0 wants them: "Wed, 01 May 2024 10:00:00 GMT". */
const rfc822 = (date: Date) => date.toUTCString();

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = pageOf(context);
  const origin = services.config.publicUrl;
  const { items } = await blogCollection.list(contentContext(context), anonymous, {
    limit: itemCount,
    offset: 0,
  });
  const title = `${en["brand.name"]}: ${en["page.blogs"]}`;
  const newest = items[0]?.createdAt;
  const entries = items.map((blog) => {
    const link = `${origin}/blog/${encodeURIComponent(blog.id)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(blog.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <pubDate>${rfc822(blog.createdAt)}</pubDate>`,
      `      <description>${escapeXml(excerpt(blog.body, excerptLength))}</description>`,
      ...(blog.category ? [`      <category>${escapeXml(blog.category)}</category>`] : []),
      "    </item>",
    ].join("\n");
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(`${origin}/blogs`)}</link>
    <description>${escapeXml(en["home.lead"])}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${origin}/blogs/rss.xml`)}" rel="self" type="application/rss+xml"/>
${newest ? `    <lastBuildDate>${rfc822(newest)}</lastBuildDate>\n` : ""}${entries.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
