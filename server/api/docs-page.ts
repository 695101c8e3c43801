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
  responses: Record<string, { description: string }>;
};

const escapeHtml = (text: unknown) => String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function describe(schema: Schema): string {
  const parts = [Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any")];
  if (schema.enum) parts.push(`one of ${(schema.enum as unknown[]).join(", ")}`);
  if (schema.format) parts.push(String(schema.format));
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
      const section = `<section class="op">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
<p>${escapeHtml(operation.summary)}. ${escapeHtml(operation.description)}</p>
${rows.length ? `<table><thead><tr><th>Field</th><th>In</th><th>Rule</th></tr></thead><tbody>${rows.join("")}</tbody></table>` : ""}
<p class="answers">Answers: ${Object.entries(operation.responses)
        .map(([status, answer]) => `<strong>${status}</strong> ${escapeHtml(answer.description)}`)
        .join(" · ")}</p>
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
<nav><ul>${toc}</ul></nav>
${sections}
</body></html>`;
}
