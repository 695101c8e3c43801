// Accessibility checks in Chromium: axe-core with every rule but the experimental ones, run in the
// page, and its violations as one line each for a test's failure message.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

export interface AxeViolationNode {
  /** CSS selectors; a shadow-DOM path is joined with " >>> ". */
  target: string[];
  html: string;
  failureSummary?: string;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeViolationNode[];
}

const requireFromHere = createRequire(import.meta.url);
let axeSource: string | undefined;

function getAxeSource(): string {
  axeSource ??= fs.readFileSync(requireFromHere.resolve("axe-core/axe.min.js"), "utf8");
  return axeSource;
}

/** Shape of the part of axe-core used inside the page. */
interface AxeInPage {
  run(
    context: Document,
    options: { runOnly?: { type: "tag"; values: string[] } },
  ): Promise<{
    violations: Array<{
      id: string;
      impact?: string | null;
      help: string;
      helpUrl: string;
      nodes: Array<{
        target: Array<string | string[]>;
        html: string;
        failureSummary?: string;
      }>;
    }>;
  }>;
}

/**
 * Runs axe-core against the current document and returns the violations.
 *
 * axe is injected with `page.evaluate(source)`, not `page.addScriptTag`: the
 * site sends a nonce-based Content-Security-Policy and addScriptTag's inline
 * <script> is blocked by it, while evaluation over CDP is not subject to CSP.
 */
export async function checkAccessibility(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(
    () => typeof (window as unknown as { axe?: Partial<AxeInPage> }).axe?.run === "function",
  );
  if (!loaded) {
    // `;void 0` so that evaluate does not try to serialise the script's completion value.
    await page.evaluate(`${getAxeSource()}\n;void 0;`);
  }
  return await page.evaluate(async () => {
    const axe = (window as unknown as { axe: AxeInPage }).axe;
    // Every rule axe has but its experimental ones: WCAG A and AA, and the best practices
    // (one main landmark, unique landmark names, headings in order...).
    const results = await axe.run(document, {});
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map((t) => (Array.isArray(t) ? t.join(" >>> ") : t)),
        html: n.html,
        failureSummary: n.failureSummary,
      })),
    }));
  });
}

/** One line per violation, handy for `expect(...).toEqual([])` failure messages. */
export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact ?? "n/a"}): ${v.help} -> ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    )
    .join("\n");
}
