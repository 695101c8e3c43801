// What the HTTP middleware learns about a request and hands to later handlers.
import type { Logger } from "pino";
import type { Actor } from "./domain/actor";

export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Per-request nonce for inline scripts allowed by the Content-Security-Policy. */
    nonce: string;
    /** Set instead when a kept page is sent: its inline scripts are allowed by these hashes. */
    scriptHashes?: string[];
    actor: Actor;
    /** Set by a call that only reads, whatever its method: no new content generation after it. */
    changesNothing?: boolean;
    /** The content generation, once read for this request (null: unknown, Redis down). */
    contentGeneration?: string | null;
    /**
     * A signed-in person's page: the key it is found by as their own page, in this request's
     * records generation (server/middleware/page-templates.ts); null when it cannot be.
     */
    personalViewKey?: string | null;
    /**
     * A JSON answer's text, as the REST router made it: compression reads it here instead of
     * reading the answer's body back (server/middleware/compress.ts).
     */
    /** The REST router's answer as made: its JSON text, and the body it was made from. */
    jsonAnswer?: { response: Response; text: string; body: unknown };
  };
};
