// GET /results/marksheet/{exam}/{roll}.pdf?registration=&lang=en|bn: the marksheet page's PDF,
// found exactly as the lookup finds it (both numbers, counted per address, published only).
import type { Context } from "hono";
import { lookupQuery } from "../../common/schemas/results";
import { clientAddressOf } from "../auth/client-ip";
import type { Services } from "../container";
import { DomainError } from "../domain/errors";
import { RateLimitError } from "../domain/rate-limit";
import { lookupResult } from "../domain/result-lookup";
import type { AppEnv } from "../http-env";
import { contentReadsOf } from "../middleware/page-cache";
import { renderMarksheetPdf } from "./marksheet-pdf";

export const marksheetPdfPath = "/results/marksheet/:exam/:file{[0-9০-৯]{1,20}\\.pdf}";

export function marksheetDownload(services: Services) {
  return async (c: Context<AppEnv>) => {
    const parsed = lookupQuery.safeParse({
      exam: c.req.param("exam"),
      roll: (c.req.param("file") ?? "").replace(/\.pdf$/, ""),
      registration: c.req.query("registration") ?? "",
    });
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") ?? "registration";
      return c.text(`${field} ${parsed.error.issues[0]?.message ?? "is invalid"}`, 400);
    }
    const language = c.req.query("lang") === "bn" ? "bn" : "en";
    try {
      const sheet = await lookupResult(services.db, c.get("actor"), parsed.data, {
        client: clientAddressOf(c, services.config),
        institute: services.config.instituteName,
        reads: contentReadsOf(c, services.pageCache),
      });
      const pdf = await renderMarksheetPdf(sheet, language);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="marksheet-${sheet.roll}-${language}.pdf"`,
      });
    } catch (error) {
      if (error instanceof RateLimitError) {
        c.header("Retry-After", String(error.retryAfterSeconds));
        return c.text(error.message, 429);
      }
      if (error instanceof DomainError && error.code === "not_found") return c.text(error.message, 404);
      throw error;
    }
  };
}
