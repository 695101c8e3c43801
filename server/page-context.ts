// What a page loader or action receives from the server: the services, who is asking, and the
// request's nonce. Loaders read it with `context.get(pageContext)`.
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { ContentReads } from "./cache/content-reads";
import type { PlaceholderValues } from "./cache/page-templates";
import type { Services } from "./container";
import type { Actor } from "./domain/actor";
import type { ClientAddress } from "./domain/rate-limit";

export type PageContext = {
  services: Services;
  actor: Actor;
  nonce: string;
  requestId: string;
  logger: Logger;
  /** Headers to pass to Better Auth calls (they carry the client address for rate limits). */
  authHeaders: Headers;
  /** The client's address, for limits kept per address. */
  client: ClientAddress;
  /** Content reads kept for this GET's content generation; none for a form post. */
  contentReads?: ContentReads;
  /**
   * A signed-in person's GET of a page (not a navigation's data): the root loader gives the
   * placeholders' tokens for their details, and the page is filled from a shared template
   * (server/cache/page-template-placeholders.ts).
   */
  personPlaceholders: boolean;
  /** The person's own details that loaders gave as placeholders, with their values (placeholderProfile). */
  placeholderValues: PlaceholderValues;
  /**
   * For such a GET, the key its page is found by when its routes declare it the same for every
   * reader of a view (server/cache/page-templates.ts viewKeyOf); null when it may not be.
   */
  templateViewKey: string | null;
  /** For such a GET, the key its page is found by when its routes declare it the person's own. */
  personalViewKey: string | null;
  /** A GET of a page, not a navigation's data: anyone's, signed in or not. */
  document: boolean;
  /** The content generation this GET was read in; null when unknown or not a GET. */
  contentGeneration: string | null;
  /**
   * Set by a route whose page is one template for every reader of a view but for a part of its
   * own (a marksheet: app/routes/results-lookup.server.ts): the key the template is kept under,
   * the address's query as the template shows it (the numbers asked as their placeholders), and the
   * classes its part can show (the page carries their CSS: app/styles/page-css.server.ts).
   */
  partView: { key: string; search: string; classes: string[] } | null;
  /**
   * The database did not answer this request (server/db/unavailable.ts): set before the pages
   * run when finding out who asks failed (server/http.ts), or by a loader's or action's error
   * (app/entry.server.tsx handleError). The page is then the outage page (app/root.tsx).
   */
  databaseDown: boolean;
};

export const pageContext = createContext<PageContext>();
