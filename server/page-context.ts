// What a page loader or action receives from the server: the services, who is asking, and the
// request's nonce. Loaders read it with `context.get(pageContext)`.
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { ContentReads } from "./cache/content-reads";
import type { Actor } from "./domain/actor";
import type { ClientAddress } from "./domain/rate-limit";
import type { Services } from "./services";

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
};

export const pageContext = createContext<PageContext>();
