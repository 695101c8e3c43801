// A dashboard page's title, "All orders · Dashboard | Maktab", so that an admin's open tabs tell
// apart. Here rather than in lib/meta.ts: only the dashboard's pages need its texts.
import type { Locale, TextRef } from "../../../i18n/translate";
import { type Match, textOf } from "../../lib/meta";

/** `page` is a text key, a phrase (a kind's name) or, for a message, its own words. */
export function dashboardTitle(matches: Match[], page: TextRef | { text: string }) {
  const brand = textOf(matches, "brand.name") ?? "Maktab";
  const root = matches.find((match) => match?.id === "root")?.loaderData as { locale?: Locale } | undefined;
  const words =
    typeof page === "string"
      ? textOf(matches, page)
      : "text" in page
        ? page.text
        : page[root?.locale ?? "en"];
  const parts = [words, textOf(matches, "dashboard.title")].filter(Boolean);
  return [{ title: parts.length > 0 ? `${parts.join(" · ")} | ${brand}` : brand }];
}
