// /api/docs: the OpenAPI document as a readable page, rendered on the server with no script,
// so it works under the site's Content-Security-Policy and offline.
import type { openApiDocument } from "./openapi";

type Document = ReturnType<typeof openApiDocument>;
type Schema = { type?: string | string[]; description?: string; [key: string]: unknown };
type Operation = {
  tags: string[];
  summary: string;
  description: string;
  parameters: { name: string; in: string; required: boolean; schema: Schema }[];
  requestBody?: {
    content: Record<
      string,
      { schema: Schema & { properties?: Record<string, Schema>; required?: string[] } }
    >;
  };
  responses: Record<
    string,
    {
      description: string;
      headers?: Record<string, unknown>;
      content?: Record<
        string,
        { schema: Schema & { items?: Schema; properties?: Record<string, Schema>; required?: string[] } }
      >;
    }
  >;
};

const escapeHtml = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function typeOf(schema: Schema): string {
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  if (schema.type) return schema.type;
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return options ? options.map(typeOf).join(" | ") : "any";
}

function describe(schema: Schema): string {
  const parts = [typeOf(schema)];
  const options = (schema.anyOf ?? []) as Schema[];
  const values = [schema.enum, ...options.map((option) => option.enum)].flat().filter((v) => v !== undefined);
  if (values.length) parts.push(`one of ${values.map((v) => JSON.stringify(v)).join(", ")}`);
  if (schema.format) parts.push(String(schema.format));
  // A format says it better than its pattern (zod writes both for e-mails, ids and dates).
  if (schema.pattern && !schema.format) parts.push(`matches ${schema.pattern}`);
  if (schema.maxLength !== undefined) parts.push(`at most ${schema.maxLength} characters`);
  if (schema.minLength !== undefined && Number(schema.minLength) > 0) parts.push("not empty");
  if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.description) parts.push(schema.description);
  return parts.join("; ");
}

export function docsPage(document: Document): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const operation = raw as Operation;
      const body = operation.requestBody?.content["application/json"]?.schema;
      const rows = [
        ...operation.parameters.map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${escapeHtml(describe(p.schema))}</td></tr>`,
        ),
        ...Object.entries(body?.properties ?? {}).map(
          ([name, schema]) =>
            `<tr><td><code>${escapeHtml(name)}</code>${body?.required?.includes(name) ? " *" : ""}</td><td>body</td><td>${escapeHtml(describe(schema))}</td></tr>`,
        ),
      ];
      // The success answer's fields (a list's: each item's), with who sees the ones not everyone does.
      const [successStatus, success] =
        Object.entries(operation.responses).find(([status]) => status.startsWith("2")) ?? [];
      const answerSchema = success?.content?.["application/json"]?.schema;
      const record = answerSchema?.type === "array" ? answerSchema.items : answerSchema;
      const answerRows = Object.entries(
        (record as { properties?: Record<string, Schema> } | undefined)?.properties ?? {},
      ).map(
        ([name, schema]) =>
          `<tr><td><code>${escapeHtml(name)}</code>${(record as { required?: string[] }).required?.includes(name) ? "" : " (optional)"}</td><td>${escapeHtml(describe(schema))}</td></tr>`,
      );
      const answers = Object.entries(operation.responses)
        .map(([status, answer]) => {
          const headers = Object.keys(answer.headers ?? {});
          return `<strong>${status}</strong> ${escapeHtml(answer.description)}${headers.length ? ` (${escapeHtml(headers.join(", "))})` : ""}`;
        })
        .join(" · ");
      const files = Object.entries(
        operation.requestBody?.content["multipart/form-data"]?.schema.properties ?? {},
      )
        .filter(([, schema]) => schema.format === "binary")
        .map(([name]) => name);
      const section = `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}. ${escapeHtml(operation.description)}</p>
${rows.length ? `<table><thead><tr><th>Field</th><th>In</th><th>Rule</th></tr></thead><tbody>${rows.join("")}</tbody></table>` : ""}
${files.length ? `<p>Also as multipart/form-data, with the file in ${files.map((f) => `<code>${escapeHtml(f)}</code>`).join(" or ")}.</p>` : ""}
${answerRows.length ? `<details><summary>The ${successStatus} answer${answerSchema?.type === "array" ? " (a list of these)" : ""}</summary><table><thead><tr><th>Field</th><th>Type and who sees it</th></tr></thead><tbody>${answerRows.join("")}</tbody></table></details>` : ""}
<p class="answers">Answers: ${answers}</p>
</section>`;
      const tag = operation.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), section]);
    }
  }
  const toc = [...byTag.keys()]
    .map((tag) => `<li><a href="#${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`)
    .join("");
  const sections = [...byTag.entries()]
    .map(([tag, ops]) => `<h2 id="${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${ops.join("")}`)
    .join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(document.info.title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;line-height:1.5;color:#1a1b1e}
code{background:#f1f3f5;padding:0 4px;border-radius:4px}
.op{border:1px solid #dee2e6;border-radius:8px;padding:8px 16px;margin:12px 0}
.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:2px 6px}
.get{background:#1864ab}.post{background:#2b8a3e}.put,.patch{background:#a35200}.delete{background:#c92a2a}
table{border-collapse:collapse;width:100%;font-size:.9rem}th,td{text-align:left;border-top:1px solid #dee2e6;padding:4px 8px;vertical-align:top}
.answers{font-size:.85rem;color:#495057}
</style></head><body>
<h1>${escapeHtml(document.info.title)}</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>Base address: <code>${escapeHtml(document.servers[0]?.url)}</code>. Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>.
Sign in with <code>POST /api/auth/sign-in/email</code> ({email, password}); send the session cookie, or the
<code>set-auth-token</code> answer header as <code>Authorization: Bearer …</code>.</p>
<p>Every GET answers with <code>ETag</code> and <code>Cache-Control</code>, and 304 with no body when <code>If-None-Match</code>
names the current ETag. Lists carry the total in <code>X-Total-Count</code>. A 201 names the new record's path in
<code>Location</code>. A 429 says in <code>Retry-After</code> how many seconds to wait. Fields marked "Only for ..." are
left out of the answer for everyone else.</p>
<nav><ul>${toc}</ul></nav>
${sections}
</body></html>`;
}
