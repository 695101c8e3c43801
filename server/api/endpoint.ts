// An endpoint is data: method, the specification's paths, the input schemas, who may call it,
// the success status and one call into the domain. The router enforces the schemas; the domain
// enforces the permissions; the OpenAPI document is generated from the same list.
import type { z } from "zod";
import type { ContentReads } from "../cache/content-reads";
import type { Services } from "../container";
import type { Actor } from "../domain/actor";
import type { Audience } from "../domain/content/collection";
import type { ClientAddress } from "../domain/rate-limit";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type UploadedFile = { name: string; bytes: Uint8Array };

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
} & Record<string, unknown>;

/** Headers the documentation describes (server/api/openapi.ts, components.headers). */
export type ResponseHeader =
  | "X-Total-Count"
  | "Location"
  | "ETag"
  | "Cache-Control"
  | "Retry-After"
  | "Content-Disposition"
  | "X-Content-Type-Options";

export type EndpointInput<P, Q, B> = {
  actor: Actor;
  services: Services;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** Files of a multipart body, by field name. */
  files: Record<string, UploadedFile>;
  request: Request;
  /** The client's address, for limits kept per address. */
  client: ClientAddress;
  /** Content reads kept for this GET's content generation; none for a change. */
  reads?: ContentReads;
};

export type Endpoint<P = unknown, Q = unknown, B = unknown> = {
  method: Method;
  /** Paths under /api, matched case-insensitively; `:name` is a parameter. */
  paths: string[];
  summary: string;
  /** Groups the call in the API documentation. */
  tag: string;
  /** Who may call it, for the documentation (the domain enforces it). */
  access:
    | "anyone"
    | "signed-in user"
    | "admin"
    | "author or admin"
    | "owner or admin"
    | "teacher or admin"
    | "accountant or admin";
  params?: P;
  query?: Q;
  body?: B;
  /**
   * A POST that only reads (a price quote): its success starts no new content generation, so a
   * caller cannot empty the page cache with it (server/middleware/page-cache.ts).
   */
  readOnly?: boolean;
  /** Also takes multipart form data, with files. */
  acceptsFiles?: boolean;
  /** The multipart fields that carry a file, for the documentation. */
  fileFields?: string[];
  /** The files sent are read and never stored (a marks sheet): no 507 for a full disk. */
  filesOnlyRead?: boolean;
  /** Status of a successful answer (200 unless said). */
  status?: number;
  /** JSON Schema of the body for the documentation, where `body` alone says too little. */
  bodyDoc?: JsonSchema;
  /**
   * For a GET: the view the answer belongs to, when everyone of that view gets the same answer
   * (the admins, everyone), or null when it is the caller's own. Signed-in callers of one view
   * then share a cached response (server/middleware/page-cache.ts); without it none is shared.
   */
  sharedView?: (actor: Actor) => string | null;
  /**
   * For a GET: fields of the answer (its records') that only some readers see, by wire name, as
   * the kind's REST names declare them (KindRest.visibleTo); the answer leaves them out for the others.
   */
  visibleTo?: Readonly<Record<string, Audience>>;
  /** Answers beyond the usual errors, by status, for the documentation ({"402": "The card was declined"}). */
  errors?: Record<string, string>;
  /** The body of a successful answer: documented, and checked against every answer in the API tests. */
  response: Schema;
  /**
   * The answer is a file (a FileAnswer) of one of these Content-Types rather than JSON: documented
   * as binary; `response` is then unused.
   */
  fileTypes?: string[];
  /** Headers every successful answer carries, beyond the usual ones (X-Total-Count on lists, Location on 201). */
  responseHeaders?: ResponseHeader[];
  /**
   * Answers with a body other than the success's or the usual error's, by status: subscribe's 200
   * for an address already on the list, 409 with the server's totals, 502 with the kept draft.
   */
  responses?: Record<string, { description: string; schema: Schema; headers?: ResponseHeader[] }>;
  /** The answer can be 429 (a rate limit), with Retry-After. */
  rateLimited?: boolean;
  /**
   * The answer is one person's (a marksheet): sent with `Cache-Control: private, no-store`, so no
   * cache keeps it (the page cache included), and without an ETag, which nobody could send back.
   */
  noStore?: boolean;
  handle(input: EndpointInput<P, Q, B>): Promise<unknown>;
};

/** A file as the answer (an endpoint with fileTypes): its bytes, Content-Type and headers. */
export class FileAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** An answer with headers or a status of its own. */
export class Answer {
  constructor(
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly status?: number,
  ) {}
}

export function endpoint<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(definition: Endpoint<P, Q, B>): Endpoint<P, Q, B> {
  return definition;
}

// The router only needs the shape, whatever each endpoint's schemas are.
// biome-ignore lint/suspicious/noExplicitAny: a list of endpoints with different schemas
export type AnyEndpoint = Endpoint<any, any, any>;
