// Renders a page on the server with this request's nonce on every inline script: whole for
// visitors and crawlers, streaming for signed-in people (see wholePage). The page's content
// comes before its scripts (see withStyleInHead).
import { Transform, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { Logger } from "pino";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import {
  isSharedPage,
  nobody,
  parseTemplate,
  personOf,
  placeholderTokens,
  templateAnswer,
  templateKey,
} from "../server/cache/page-template-placeholders";
import type { PageTemplates, PlaceholderValues } from "../server/cache/page-templates";
import { isDatabaseUnavailable } from "../server/db/unavailable";
import type { Actor } from "../server/domain/actor";
import { type PageContext, pageContext } from "../server/page-context";
import { pageHydrates } from "./lib/hydration";
import { NonceProvider } from "./lib/nonce";
import { pageViewOf } from "./lib/shared-page";
import { everyRule, pageCss } from "./styles/page-css.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const {
    nonce,
    logger,
    actor,
    personPlaceholders,
    placeholderValues,
    templateViewKey,
    personalViewKey,
    partView,
    services,
  } = loadContext.get(pageContext);
  const hydrates = hydratesPage(routerContext);
  if ((personPlaceholders && actor.kind === "user") || partView) {
    return templatedPage(request, responseStatusCode, responseHeaders, routerContext, {
      actor,
      held: placeholderValues,
      nonce,
      logger,
      templates: services.pageTemplates,
      viewKey: templateViewKey,
      personalViewKey,
      partView,
      hydrates,
    });
  }
  // A reading page carries no data for React in the browser (decision 0059): the root sends no
  // scripts, and the data's stream is not read.
  if (!hydrates) {
    void routerContext.serverHandoffStream?.cancel().catch(() => undefined);
    routerContext.serverHandoffStream = undefined;
  }
  return renderPage(request, responseStatusCode, responseHeaders, routerContext, {
    nonce,
    logger,
    // A reading page has no script to put streamed sections in place (decision 0059): whole.
    whole: !hydrates || wholePage(request, actor, routerContext),
  });
}

/**
 * A signed-in person's page, or a page with a part of its own: the template of everyone who sees
 * the same data (rendered once, with the placeholders' tokens: server/cache/page-template-placeholders.ts), filled with
 * this person's details and this request's part. The page comes whole, with its length.
 */
async function templatedPage(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  {
    actor,
    held,
    nonce,
    logger,
    templates,
    viewKey,
    personalViewKey,
    partView,
    hydrates,
  }: {
    hydrates: boolean;
    actor: Actor;
    held: PlaceholderValues;
    nonce: string;
    logger: Logger;
    templates: PageTemplates;
    viewKey: string | null;
    personalViewKey: string | null;
    partView: PageContext["partView"];
  },
): Promise<Response> {
  // The data the page carries, as React Router serialized it: read whole (the streamed sections'
  // too), then given to the render as it was.
  const data = await readAll(routerContext.serverHandoffStream);
  const view = pageViewOf(
    routerContext.staticHandlerContext.matches,
    (id) => routerContext.routeModules[id]?.handle,
  );
  // A person's own page may carry their e-mail or account id: its key is its data, theirs alone.
  const kept =
    status === 200 &&
    !headers.has("set-cookie") &&
    (view === "personal" ||
      actor.kind !== "user" ||
      isSharedPage(new TextDecoder().decode(Buffer.concat(data)), actor));
  // A page with a part of its own is one template for every address of its view (the numbers
  // asked are placeholders): renders that wait for it share one.
  const handled = routerContext.staticHandlerContext;
  const key = kept
    ? await templateKey(
        partView?.key ?? request.url,
        { loaderData: handled.loaderData, actionData: handled.actionData, errors: handled.errors },
        data,
      )
    : null;
  const { template } = await templates.get(key, async () => {
    routerContext.serverHandoffStream = hydrates ? replay(data) : undefined;
    // The address as the template shows it (the language switch comes back to it): the numbers
    // asked as their placeholders.
    if (partView) {
      routerContext.staticHandlerContext = {
        ...handled,
        location: { ...handled.location, search: partView.search },
      };
    }
    // Its own request, so that one reader going away does not stop a render others wait for.
    const rendered = await renderPage(new Request(request.url), status, new Headers(), routerContext, {
      nonce: placeholderTokens.nonce,
      logger,
      whole: true,
      moreClasses: partView?.classes,
    });
    const html = await rendered.text();
    status = rendered.status;
    // A part of the page failed to render on the server (React's client-render marker).
    const keep = key !== null && rendered.status === 200 && !html.includes("$RX");
    return { template: parseTemplate(html, { logger }), keep };
  });
  if (key && personalViewKey && view === "personal") {
    templates.share(personalViewKey, key, [...headers], { personal: true, held });
  }
  // Its own part is each request's (held here), filled by the route before its loaders run.
  if (key && partView) templates.share(partView.key, key, [...headers], { personal: true });
  if (key && viewKey && view === "shared") {
    if (!templates.share(viewKey, key, [...headers])) {
      // Two readers of one view got different data, or the data changed with no change of content
      // (the day turned): either way the page is no longer found by its view this generation.
      logger.warn(
        { url: request.url },
        "a page declared the same for every reader of a view changed between two of them",
      );
    }
  }
  return templateAnswer(template, actor.kind === "user" ? personOf(actor) : nobody, {
    held,
    nonce,
    acceptEncoding: request.headers.get("accept-encoding") ?? undefined,
    status,
    headers,
  });
}

/** Whether the page runs React in the browser: its routes' handles say (app/lib/hydration.ts). */
function hydratesPage(routerContext: EntryContext): boolean {
  const handled = routerContext.staticHandlerContext;
  const root = handled.loaderData.root as { user?: { isAdmin?: boolean } | null } | undefined;
  return pageHydrates(
    handled.matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
    { admin: root?.user?.isAdmin === true, signedIn: Boolean(root?.user) },
  );
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (!stream) return chunks;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

function replay(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  {
    nonce,
    logger,
    whole,
    moreClasses,
  }: { nonce: string; logger: Logger; whole: boolean; moreClasses?: string[] },
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React moves a finished section of more than this many bytes to the end of the page, to
        // be put in place by a script, even when the page is sent whole (12.8 KB by default).
        progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
        [readyOption]() {
          shellRendered = true;
          const style = (css: string) => `<style nonce="${nonce}">${css}</style>`;
          const finished = () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            request.signal.removeEventListener("abort", stop);
          };
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (whole) {
            // Every section is rendered: React writes the page out at once, so it is gathered in
            // one piece and sent with its length, through no stream (each layer of stream cost
            // a share of a results-day lookup's render).
            const pieces: Buffer[] = [];
            const page = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                pieces.push(chunk);
                callback();
              },
            });
            page.once("finish", () => {
              finished();
              const rendered = Buffer.concat(pieces).toString("utf8");
              const html = Buffer.from(withStyleInHead(rendered, style(pageCss(rendered, moreClasses))));
              responseHeaders.set("Content-Length", String(html.length));
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            });
            pipe(page);
            return;
          }
          // Its head goes out before its markup is rendered: every rule.
          const body = stylesInHeadAsItStreams(style(everyRule), finished);
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError: reject,
        onError(error: unknown) {
          // The visitor went away (abort below): the sections not yet rendered fail with the
          // signal's reason, which is no server error.
          if (request.signal.aborted) return;
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "page render failed");
        },
      },
    );
    // A visitor who goes away (the listener aborts the request's signal when the connection
    // closes) stops the render: the sections still waiting for data are given up, not rendered
    // for nobody. React Router stops its own data stream on the same signal.
    function stop() {
      clearTimeout(timeoutId);
      timeoutId = undefined;
      abort(request.signal.reason);
    }
    if (request.signal.aborted) stop();
    else request.signal.addEventListener("abort", stop, { once: true });
  });
}

/**
 * Whether the page is sent whole, every streamed section in place, rather than its shell first.
 * A streamed section is put in place by a script, so without script a visitor would keep its
 * placeholders: every page a visitor who is not signed in gets (the page cache keeps these for
 * everyone), and every crawler's, comes whole. Signed-in people get the shell first.
 */
function wholePage(request: Request, actor: Actor, routerContext: EntryContext): boolean {
  if (routerContext.isSpaMode || actor.kind !== "user") return true;
  const userAgent = request.headers.get("user-agent");
  return Boolean(userAgent && isbot(userAgent));
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: RouterContextProvider },
) {
  if (request.signal.aborted) return;
  const page = context.get(pageContext);
  // The path only: a query string may hold a token (a reset link's).
  const path = new URL(request.url).pathname;
  // No fault of the page: it becomes the outage page, 503 with Retry-After (root.tsx middleware).
  if (isDatabaseUnavailable(error)) {
    page.databaseDown = true;
    page.logger.warn({ err: error, path }, "the database does not answer");
    return;
  }
  page.logger.error({ err: error, path }, "page error");
}

/**
 * Puts `style` before the first </head> and takes the module preloads out of the head. React 19
 * skips elements it did not render in the head when it hydrates, so the browser needs no copy of
 * the CSS in script.
 *
 * Without the preloads, the page's scripts are fetched when the parser reaches them at the end of
 * the body: on a slow connection the text and the first picture no longer share the bandwidth
 * with about 100 KB of hydration code, which comes right after (Lighthouse mobile, home page:
 * LCP from about 2.2 s to about 1.0 s, performance from 96 to 100).
 */
function withStyleInHead(html: string, style: string): string {
  const at = html.indexOf("</head>");
  if (at === -1) return html;
  return html.slice(0, at).replace(/<link rel="modulepreload"[^>]*>/g, "") + style + html.slice(at);
}

/** withStyleInHead for a page that streams: the HTML passes through once its head is complete. */
function stylesInHeadAsItStreams(style: string, onEnd: () => void): Transform {
  let pending = "";
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      pending += chunk.toString("utf8");
      if (!pending.includes("</head>")) return callback();
      done = true;
      const html = withStyleInHead(pending, style);
      pending = "";
      callback(null, html);
    },
    flush(callback) {
      onEnd();
      callback(null, done ? undefined : pending);
    },
  });
}
