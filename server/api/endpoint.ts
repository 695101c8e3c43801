// An endpoint is data: method, the specification's paths, the input schemas, the success status
// and one call into the domain. The router enforces the schemas, so every rule is visible here.
import type { z } from "zod";
import type { Actor } from "../domain/actor";
import type { Services } from "../services";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type EndpointInput<P, Q, B> = {
  actor: Actor;
  services: Services;
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  request: Request;
};

export type Endpoint<P = unknown, Q = unknown, B = unknown> = {
  method: Method;
  /** Paths under /api, matched case-insensitively; `:name` is a parameter. */
  paths: string[];
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** Status of a successful answer (200 unless said). */
  status?: number;
  handle(input: EndpointInput<P, Q, B>): Promise<unknown>;
};

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
