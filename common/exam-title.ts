// An exam as pages, files and PDFs name it: its name and session ("Annual Examination 2026"),
// the session not said twice when the name carries it already ("Annual examination 2026").

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Bengali digits as ASCII ones, so "২০২৬" in a name is the session 2026. */
const asciiDigits = (text: string) => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

export function examTitle(exam: { name: string; session: string }): string {
  const session = exam.session.trim();
  if (!session) return exam.name;
  const carried = new RegExp(`(^|[^0-9])${escapeRegExp(asciiDigits(session))}($|[^0-9])`).test(
    asciiDigits(exam.name),
  );
  return carried ? exam.name : `${exam.name} ${session}`;
}
