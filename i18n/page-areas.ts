// Texts that only some pages show travel only to them: the root loader sends a page the texts of
// every page plus the areas its path names here. Plain patterns, free of dictionaries, so the
// browser can tell when a navigation needs other texts (root.tsx's shouldRevalidate).

/** The cart, the payment, 'My bookings' and receipts, and the dashboard's orders. */
const cartPages = /^\/(allorder|payment-getway|bookings|deashboard)(\/|$)/i;

/** Sign-in with a provider, a forgotten or new password, and the profile's phone and password. */
const accountPages = /^\/(login|register|forgot-password|reset-password|auth\/popup|profile-route)(\/|$)/i;

/** The result lookup and marksheets, 'My results' in the profile, and the dashboard's exams. */
const resultPages = /^\/(results|profile-route|deashboard)(\/|$)/i;

/** The academic calendar and its feeds (/events.ics), and the dashboard (whose event form offers its kinds of day). */
const eventPages = /^\/(events|deashboard)([./]|$)/i;

/** The downloads page, and the dashboard (whose download form offers its categories). */
const downloadPages = /^\/(downloads|deashboard)(\/|$)/i;

/** The class routine, and the dashboard (whose routine editor names the days). */
const routinePages = /^\/(classroome|deashboard)(\/|$)/i;
/** The photo gallery (albums, photos), and the dashboard (whose album photos page uploads them). */
const galleryPages = /^\/(gallery|deashboard)(\/|$)/i;

/** The home page. */
const homePages = /^\/(home\/?)?$/i;

/** The lists of the menu (and the home page's sections of them), and the downloads' and the gallery's own lists. */
const listPages =
  /^\/((home|admitionall|services|resultall|blogs|allstudent|teacher|allteacher|notices|downloads|gallery)\/?)?$/i;

/** A record's own page (a blog, a service, a result, a teacher, an admission), the blogs' carousel, and the dashboard's comments. */
const detailPages = /^\/((blog|services|result|about|admition)\/[^/]+|blogs\/?$|deashboard(\/|$))/i;

/** Signing in and signing up. */
const signInPages = /^\/(login|register|auth\/popup)(\/|$)/i;

export const pageAreaPatterns = {
  home: homePages,
  lists: listPages,
  details: detailPages,
  signIn: signInPages,
  cart: cartPages,
  account: accountPages,
  results: resultPages,
  events: eventPages,
  downloads: downloadPages,
  routines: routinePages,
  gallery: galleryPages,
} as const;

export type PageArea = keyof typeof pageAreaPatterns;

/** The areas a path's page needs, in a fixed order (also a key: one text bundle per set). */
export function pageAreasOf(pathname: string): PageArea[] {
  return (Object.keys(pageAreaPatterns) as PageArea[]).filter((area) =>
    pageAreaPatterns[area].test(pathname),
  );
}

/** Whether two paths' pages need different texts. */
export const needOtherTexts = (from: string, to: string) =>
  pageAreasOf(from).join() !== pageAreasOf(to).join();
