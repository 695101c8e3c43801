// Dispatches /api calls to their endpoint definitions. Paths match case-insensitively, as the
// earlier server did (its clients sent both /teacher/addTeacher and /teacher/AddTeacher).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../http-env";
import type { Services } from "../services";
import type { AnyEndpoint } from "./endpoint";
import { ApiError, invalidInput } from "./errors";

type Route = { endpoint: AnyEndpoint; pattern: RegExp; paramCount: number };

function compile(path: string): { pattern: RegExp; paramCount: number } {
  let paramCount = 0;
  const source = path
    .split("/")
    .map((segment) => {
      if (segment.startsWith(":")) {
        paramCount++;
        return `(?<${segment.slice(1)}>[^/]+)`;
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { pattern: new RegExp(`^${source}/?$`, "i"), paramCount };
}

async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  const text = await request.text();
  if (text.trim() === "") return {};
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new ApiError(
      415,
      "unsupported_media_type",
      "Send the body as JSON (Content-Type: application/json)",
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The body is not valid JSON");
  }
}

export function createApiRouter(endpoints: AnyEndpoint[], services: Services) {
  const routes: Route[] = endpoints
    .flatMap((endpoint) => endpoint.paths.map((path) => ({ endpoint, ...compile(path) })))
    // A fixed segment wins over a parameter: PUT /User/users/admin is not PUT /User/users/:email.
    .sort((a, b) => a.paramCount - b.paramCount);

  return async function handleApi(c: Context<AppEnv>): Promise<Response> {
    const path = c.req.path.replace(/^\/api/i, "") || "/";
    const method = c.req.method.toUpperCase();
    const matching = routes.filter((route) => route.pattern.test(path));
    const route = matching.find(
      (r) => r.endpoint.method === method || (method === "HEAD" && r.endpoint.method === "GET"),
    );
    if (!route) {
      if (matching.length > 0) {
        const allowed = [...new Set(matching.map((r) => r.endpoint.method))].join(", ");
        c.header("Allow", allowed);
        throw new ApiError(405, "method_not_allowed", `${method} is not allowed here; use ${allowed}`);
      }
      throw new ApiError(404, "not_found", `No such call: ${method} /api${path}`);
    }
    const { endpoint } = route;
    const rawParams = Object.fromEntries(
      Object.entries(route.pattern.exec(path)?.groups ?? {}).map(([key, value]) => [key, safeDecode(value)]),
    );
    const params = endpoint.params
      ? endpoint.params.safeParse(rawParams)
      : { success: true, data: rawParams };
    if (!params.success) throw invalidInput(params.error, "params");
    const rawQuery = Object.fromEntries(new URL(c.req.url).searchParams);
    const query = endpoint.query ? endpoint.query.safeParse(rawQuery) : { success: true, data: rawQuery };
    if (!query.success) throw invalidInput(query.error, "query");
    let body: unknown;
    if (endpoint.body) {
      const parsed = endpoint.body.safeParse(await readJson(c.req.raw));
      if (!parsed.success) throw invalidInput(parsed.error, "body");
      body = parsed.data;
    }
    const result = await endpoint.handle({
      actor: c.get("actor"),
      services,
      params: params.data,
      query: query.data,
      body,
      request: c.req.raw,
    });
    return c.json(result ?? null, (endpoint.status ?? 200) as ContentfulStatusCode);
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new ApiError(400, "invalid_path", "The path is not correctly encoded");
  }
}
