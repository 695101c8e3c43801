// The document shell: language, theme, header and footer, the one-time banner, and the error
// page. Its loader answers who is signed in and which language to speak.
import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { everyPageProblemTexts } from "../common/kinds/texts";
import { dictionaries, everyPageTexts, type MessageKey } from "../i18n";
import { placeholderUser, shownUser } from "../server/cache/page-template-placeholders";
import { localeOf, readFlash } from "../server/cookies";
import { dateSettingsOf, siteSettingsFor } from "../server/domain/site-settings";
import type { Route } from "./+types/root";
import { FlashBanner } from "./components/flash-banner";
import { NoticeRegion } from "./components/notices";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { useCartOwner } from "./lib/cart-owner";
import { pageHydrates, pageModuleUrls } from "./lib/hydration";
import { useI18n } from "./lib/i18n";
import { useNonce } from "./lib/nonce";
import { databaseOutageAnswer } from "./lib/outage.server";
import { pageOf } from "./lib/page.server";
import { loadPublicStylesheet } from "./styles/public-stylesheet";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, services } = pageOf(context);
  const locale = localeOf(request);
  const flash = readFlash(request);
  const { personPlaceholders } = pageOf(context);
  const user = actor.kind !== "user" ? null : personPlaceholders ? placeholderUser(actor) : shownUser(actor);
  // The calendars shown beside each date (app/components/dates.tsx).
  const dates = dateSettingsOf(await siteSettingsFor(services.db, pageOf(context).contentReads));
  return data(
    {
      locale,
      dates,
      publicUrl: services.config.publicUrl,
      messages: everyPageTexts[locale],
      errorTexts: everyPageProblemTexts(locale),
      user,
      flash:
        flash.key && flash.key in dictionaries.en
          ? // A fresh id per banner, so a second banner right after the first shows too.
            // Its words, not its key: the page it lands on may not carry its area's texts.
            { text: dictionaries[locale][flash.key as MessageKey], tone: flash.tone, id: crypto.randomUUID() }
          : null,
    },
    { headers: flash.clear ? { "Set-Cookie": flash.clear } : undefined },
  );
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

// A request that met a database that does not answer, before the pages ran (server/http.ts) or in
// a loader or an action (entry.server.tsx handleError), gets the outage page: 503 with
// Retry-After, in the visitor's language, instead of what the routes made of the error.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const page = pageOf(context);
    if (page.databaseDown) return databaseOutageAnswer(request, page.nonce);
    const response = await next();
    if (!page.databaseDown) return response;
    await response.body?.cancel();
    return databaseOutageAnswer(request, page.nonce);
  },
];

// The user and the language change only through forms (sign-in, sign-out, language), so plain
// navigations need not ask the server again: the texts a page needs beyond every page's come with
// its routes' data (app/lib/page-texts.ts).
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  // An action's redirect to another page (React Router then asks every loader again) may carry a
  // flash for the root to show ("You are no longer an admin"); a plain navigation, or a new query
  // on the same page, keeps the root's data: its texts are every page's.
  return defaultShouldRevalidate && currentUrl.pathname !== nextUrl.pathname;
}

// A navigation shows the next page once the whole public stylesheet is there (the first page came
// with its own rules only: styles/page-css.server.ts), never unstyled on a slow network.
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await loadPublicStylesheet();
    return next();
  },
];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // The installed app (server/install/manifest.ts, docs/offline-and-dates.md).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

const zodSettings = "globalThis.__zod_globalConfig={jitless:true}";

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // A reading page is whole as rendered: no React Router scripts, only its plain modules (0059).
  // In the browser this renders only where React runs: a page that hydrated stays React's, and a
  // reading page reached from it by a navigation is drawn by its components (no plain modules).
  const handles = useMatches().map((match) => match.handle);
  const hydrates =
    typeof document !== "undefined" ||
    pageHydrates(handles, { admin: data?.user?.isAdmin === true, signedIn: Boolean(data?.user) });
  return (
    <html lang={data?.locale ?? "en"} data-mantine-color-scheme="light">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="theme-color" content="#087f5b" />
        {/* The offline copies' service worker, registered once the page has loaded (public/sw.js): not React's. */}
        <script type="module" async src="/sw-register.js" nonce={nonce} />
        <Meta />
        {/*
          zod would compile its object parsers with eval, which the Content-Security-Policy
          forbids, and its probe for eval is reported as a violation even though it is caught.
          zod reads its settings from this global when it loads, before any module's schema.
        */}
        {hydrates ? (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of this file, no input
            dangerouslySetInnerHTML={{ __html: zodSettings }}
          />
        ) : (
          pageModuleUrls(handles, data?.flash ? ["dismiss"] : []).map((src) => (
            <script key={src} type="module" src={src} nonce={nonce} />
          ))
        )}
        {/* The rules of the site's CSS this page uses are inlined here by entry.server.tsx (app/styles/page-css.server.ts). */}
        <Links />
      </head>
      <body>
        {children}
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useI18n();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <>
      <a className="skip-link" href="#main">
        {t("a11y.skipToContent")}
      </a>
      <SiteHeader user={data?.user ?? null} />
      <main id="main" className="site-main" tabIndex={-1}>
        <NoticeRegion />
        {children}
      </main>
      <SiteFooter />
    </>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useCartOwner(loaderData.user?.account ?? null);
  return (
    <Shell>
      {loaderData.flash ? (
        <FlashBanner key={loaderData.flash.id} text={loaderData.flash.text} tone={loaderData.flash.tone} />
      ) : null}
      <Outlet />
    </Shell>
  );
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const messages = loaderData?.messages;
  const brand = messages?.["brand.name"] ?? "Maktab";
  // An error page says what happened in the tab's title too, as its heading does.
  const trouble = error ? messages?.[headingOf(error)] : undefined;
  return [
    { title: trouble ? `${trouble} | ${brand}` : brand },
    { name: "description", content: messages?.["home.lead"] },
  ];
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Shell>
      <ErrorMessage error={error} />
    </Shell>
  );
}

const statusOf = (error: unknown) => (isRouteErrorResponse(error) ? error.status : undefined);

/** Not open to the reader's role; not found; the database not answering (a navigation's data answered 503); anything else. */
function headingOf(error: unknown): MessageKey {
  const status = statusOf(error);
  if (status === 403) return "forbidden.heading";
  return status === 404 ? "notFound.heading" : status === 503 ? "outage.heading" : "error.heading";
}

/** Never a stack trace: a person gets a plain message and a code to quote. */
function ErrorMessage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const status = statusOf(error);
  const reference = status !== undefined ? String(status) : new Date().toISOString().slice(0, 19);
  return (
    <div className="container container--narrow">
      <h1 data-testid={status === 403 ? "forbidden" : undefined}>{t(headingOf(error))}</h1>
      <p>
        {status === 403
          ? t("forbidden.lead")
          : status === 404
            ? t("notFound.lead")
            : status === 503
              ? t("outage.lead")
              : t("error.lead", { id: reference })}
      </p>
      <p>
        <a href="/">{t("notFound.home")}</a>
      </p>
    </div>
  );
}
