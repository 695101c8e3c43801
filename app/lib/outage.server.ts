// The answer to a page request that met a database that does not answer (server/db/unavailable.ts):
// 503 with Retry-After, in the visitor's language. A document gets a small page of its own, with
// no script and nothing that needs the database; a navigation's data request (`.data`) gets the
// words as text, which React Router in the browser hands the error boundary as a 503 (root.tsx).

import { dictionaries } from "../../i18n";
import { localeOf } from "../../server/cookies";
import { databaseRetryAfterSeconds } from "../../server/db/unavailable";
import { escapeXml } from "../../server/xml";

const style =
  "body{margin:0;font:1.0625rem/1.6 'Noto Sans Bengali',system-ui,sans-serif;color:#1b1f24}" +
  "main{max-width:36rem;margin:12vh auto;padding:0 1.25rem}h1{font-size:1.5rem;line-height:1.3}";

export function databaseOutageAnswer(request: Request, nonce: string): Response {
  const locale = localeOf(request);
  const t = (key: "outage.heading" | "outage.lead" | "notFound.home" | "brand.name") =>
    escapeXml(dictionaries[locale][key]);
  const headers = new Headers({
    "Retry-After": String(databaseRetryAfterSeconds),
    "Cache-Control": "no-store",
  });
  if (new URL(request.url).pathname.endsWith(".data")) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response(`${dictionaries[locale]["outage.heading"]}. ${dictionaries[locale]["outage.lead"]}`, {
      status: 503,
      headers,
    });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  const page =
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${t("outage.heading")} | ${t("brand.name")}</title>` +
    `<style nonce="${escapeXml(nonce)}">${style}</style></head>` +
    `<body><main><h1>${t("outage.heading")}</h1><p>${t("outage.lead")}</p>` +
    `<p><a href="/">${t("notFound.home")}</a></p></main></body></html>`;
  return new Response(request.method === "HEAD" ? null : page, { status: 503, headers });
}
