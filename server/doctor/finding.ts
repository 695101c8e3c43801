// What `npm run doctor` found: one line each, with what to do about it when something is wrong.

export type Level = "ok" | "warn" | "fail";

export type Finding = {
  level: Level;
  /** What was checked: "PUBLIC_URL", "Database", "Disk space"... */
  topic: string;
  /** What was found, in plain words. */
  says: string;
  /** What to do, when something is wrong. */
  fix?: string;
};

export const ok = (topic: string, says: string): Finding => ({ level: "ok", topic, says });
export const warn = (topic: string, says: string, fix?: string): Finding => ({
  level: "warn",
  topic,
  says,
  fix,
});
export const fail = (topic: string, says: string, fix?: string): Finding => ({
  level: "fail",
  topic,
  says,
  fix,
});

const marks: Record<Level, string> = { ok: "ok  ", warn: "warn", fail: "FIX " };

/** The report as printed: one finding a paragraph, then the totals. */
export function report(findings: Finding[]): string {
  const lines = findings.map((finding) => {
    const head = `${marks[finding.level]}  ${finding.topic}: ${finding.says}`;
    return finding.fix ? `${head}\n      -> ${finding.fix}` : head;
  });
  const problems = findings.filter((finding) => finding.level === "fail").length;
  const warnings = findings.filter((finding) => finding.level === "warn").length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const total =
    problems === 0
      ? `No problem found${warnings ? ` (${plural(warnings, "warning")} to read)` : ""}.`
      : `${plural(problems, "problem")} to fix${warnings ? `, ${plural(warnings, "warning")}` : ""}.`;
  return `${lines.join("\n")}\n\n${total}`;
}

/** An error's short description: its code and message ("ECONNREFUSED connect ECONNREFUSED ..."). */
export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const code = (cause as NodeJS.ErrnoException)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
