// Whether a page runs React in the browser (decision 0059). A reading page (home, the lists, the
// records' pages, the notices, the calendar, the gallery, the routine, the results) is whole as the
// server renders it: it declares `handle = { hydrate: false }` (`readingPage`), and the root then
// sends none of React Router's scripts (no hydration data, no module preloads, no entry.client).
// What a reading page's visitor still does with script is a small plain module of app/scripts/,
// named in the handle's `modules` and loaded by that page alone (`type=module`, deferred).
// Every other page hydrates: the default, so a new form or the dashboard works as it always has.
// An admin's reading pages hydrate too: they carry the admin's Delete buttons (a question in a
// dialog, then the deletion without leaving the page), and the budgets are the visitors'.

import booking from "../scripts/booking.js?url";
import carousel from "../scripts/carousel.js?url";
import cartBadge from "../scripts/cart-badge.js?url";
import dismiss from "../scripts/dismiss.js?url";
import mobileMenu from "../scripts/mobile-menu.js?url";
import photoSwipe from "../scripts/photo-swipe.js?url";
import photoViewer from "../scripts/photo-viewer.js?url";

/** The plain modules a reading page may ask for, by name: each one behaviour. */
export const pageModules = {
  /** The header's cart badge, from the cart kept in the browser (every reading page: the header). */
  cartBadge,
  /** The phone menu's keyboard rules (every reading page: the header). */
  mobileMenu,
  /** A one-time banner's close button. */
  dismiss,
  /** An admission's "Booking" button: adds it to the browser's cart. */
  booking,
  /** A carousel's Previous, Next and dots (the home page's hero, the blogs' carousel). */
  carousel,
  /** The album's viewer: a dialog over the thumbnails, ← → and swipes. */
  photoViewer,
  /** One photo's page: ← → and a swipe follow its Previous and Next links. */
  photoSwipe,
} as const;

export type PageModule = keyof typeof pageModules;

export type HydrationHandle = {
  /** false: a reading page; "signed-in": a reading page for visitors, with React for those signed in. */
  hydrate?: boolean | "signed-in";
  modules?: readonly PageModule[];
};

/** A reading page's handle: no React in the browser. */
export const readingPage = { hydrate: false } as const;

/**
 * A page read by visitors, and written on by those signed in (a blog's comments, each one's own
 * Delete): React for them only.
 */
export const readingPageForVisitors = { hydrate: "signed-in" } as const;

/**
 * Whether the page hydrates, from its matched routes' handles (the root's first): the deepest
 * route that says so decides (a layout's answer is its children's unless they say otherwise); a
 * page whose routes say nothing hydrates; an admin's page always does.
 */
export function pageHydrates(
  handles: readonly unknown[],
  reader: { admin: boolean; signedIn: boolean },
): boolean {
  if (reader.admin) return true;
  for (let at = handles.length - 1; at >= 0; at--) {
    const handle = handles[at] as HydrationHandle | undefined;
    if (handle?.hydrate === "signed-in") return reader.signedIn;
    if (typeof handle?.hydrate === "boolean") return handle.hydrate;
  }
  return true;
}

/** The plain modules of a page that does not hydrate: the header's, and those its routes name. */
export function pageModuleUrls(handles: readonly unknown[], extra: readonly PageModule[] = []): string[] {
  const names = new Set<PageModule>(["cartBadge", "mobileMenu", ...extra]);
  for (const handle of handles as (HydrationHandle | undefined)[]) {
    for (const name of handle?.modules ?? []) names.add(name);
  }
  return [...names].map((name) => pageModules[name]);
}
