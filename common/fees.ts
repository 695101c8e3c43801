// The arithmetic of fees that the server and the pages share: months of a session, when a rate
// falls due, a waiver's part of a charge and the late fine on a day. Money is integer paisa.

/** "2026-03": a calendar month. */
export const monthPattern = /^(19|20)\d\d-(0[1-9]|1[0-2])$/;

/** The years a session covers: "2026" is 2026; "2025-2026" is both. */
export function sessionYears(session: string): number[] {
  const [first, last] = session.split("-").map(Number);
  if (!first) return [];
  const years: number[] = [];
  for (let year = first; year <= (last ?? first); year++) years.push(year);
  return years;
}

/** Whether the month ("2026-03") lies in the session's years. */
export const monthInSession = (month: string, session: string) =>
  sessionYears(session).includes(Number(month.slice(0, 4)));

/** The month's number, 1-12. */
export const monthNumber = (month: string) => Number(month.slice(5, 7));

/** The last day of the month, "2026-02" → 28. */
export function daysIn(month: string): number {
  const year = Number(month.slice(0, 4));
  return new Date(Date.UTC(year, monthNumber(month), 0)).getUTCDate();
}

/** The day a month's charge falls due, "2026-03" and 10 → "2026-03-10". */
export const dueDate = (month: string, day: number) =>
  `${month}-${String(Math.min(day, daysIn(month))).padStart(2, "0")}`;

export type RateDue = { due: "monthly" | "months" | "once"; months: readonly number[] };

/** Whether a monthly or named-months rate is charged in this month (a "once" rate has its own invoice). */
export const chargedInMonth = (rate: RateDue, month: string) =>
  rate.due === "monthly" || (rate.due === "months" && rate.months.includes(monthNumber(month)));

export type WaiverRule = { kind: "percent" | "fixed"; percent: number | null; amountMinor: number | null };

/** What a waiver takes off a charge: never more than the charge; a half of an odd paisa rounds down. */
export function waiverPart(charge: number, waiver: WaiverRule): number {
  const off =
    waiver.kind === "percent"
      ? Math.floor((charge * (waiver.percent ?? 0)) / 100)
      : Math.min(charge, waiver.amountMinor ?? 0);
  return Math.max(0, Math.min(charge, off));
}

/** Whether a waiver from a month to a month (or on) covers this month. */
export const waiverCovers = (from: string, to: string | null, month: string) =>
  from <= month && (to === null || month <= to);

export type FineBand = { afterDay: number | null; amountMinor: number };

/**
 * The late fine of a month's invoice paid on a day ("2026-03-20"): the largest band that has
 * begun (after day N of that month, or after the month's end); none on or before the day.
 */
export function fineOn(bands: readonly FineBand[], month: string, paidOn: string): number {
  const paidMonth = paidOn.slice(0, 7);
  const day = Number(paidOn.slice(8, 10));
  let fine = 0;
  for (const band of bands) {
    const begun =
      band.afterDay === null
        ? paidMonth > month
        : paidMonth > month || (paidMonth === month && day > band.afterDay);
    if (begun) fine = Math.max(fine, band.amountMinor);
  }
  return fine;
}

/** Paisa as taka for people: 120000 → "1,200", 120050 → "1,200.50". */
export function takaText(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toLocaleString("en-IN");
  const paisa = abs % 100;
  return `${sign}${whole}${paisa ? `.${String(paisa).padStart(2, "0")}` : ""}`;
}

export type SiblingChild = { id: string; dateOfBirth: string | null; phones: readonly string[] };

/**
 * Each child's place in their family, 1 for the eldest: a family is the children who share a
 * guardian's phone, directly or through a brother or sister (two parents' phones join them). The
 * eldest by date of birth comes first, a child without one after those with; ties by id, so the
 * order is the same every month.
 */
export function siblingPlaces(children: readonly SiblingChild[]): Map<string, number> {
  const parent = new Map<string, string>(children.map((child) => [child.id, child.id]));
  const root = (id: string): string => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at) as string;
    parent.set(id, at);
    return at;
  };
  const firstWithPhone = new Map<string, string>();
  for (const child of children)
    for (const phone of child.phones) {
      const other = firstWithPhone.get(phone);
      if (other === undefined) firstWithPhone.set(phone, child.id);
      else parent.set(root(child.id), root(other));
    }
  const families = new Map<string, SiblingChild[]>();
  for (const child of children)
    families.set(root(child.id), [...(families.get(root(child.id)) ?? []), child]);
  const places = new Map<string, number>();
  for (const family of families.values()) {
    family.sort(
      (a, b) => (a.dateOfBirth ?? "9999").localeCompare(b.dateOfBirth ?? "9999") || a.id.localeCompare(b.id),
    );
    for (const [index, child] of family.entries()) places.set(child.id, index + 1);
  }
  return places;
}

export type SiblingRule = { secondPercent: number; laterPercent: number };

/** The sibling discount off a charge for the child at this place in the family: none for the eldest. */
export function siblingPart(charge: number, rule: SiblingRule, place: number): number {
  const percent = place <= 1 ? 0 : place === 2 ? rule.secondPercent : rule.laterPercent;
  return Math.max(0, Math.min(charge, Math.floor((charge * percent) / 100)));
}
