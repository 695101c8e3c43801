// A day's attendance is open on the day itself (Dhaka time) and locked once it has ended: only an
// admin changes a locked day, and each such change goes into the audit trail. A day that has not
// begun takes no attendance yet.
import { problem } from "../../../common/errors/problem";
import { dhakaToday } from "../../../common/schemas/routines";
import type { SignedInActor } from "../actor";
import { DomainError } from "../errors";

export type DayState = "open" | "locked";

/** Open today, locked before; a later day is refused (409). */
export function dayState(date: string, now = new Date()): DayState {
  const today = dhakaToday(now);
  if (date > today) throw DomainError.ofField("conflict", "date", problem("attendance.future", { date }));
  return date === today ? "open" : "locked";
}

/** Refuses a change of a locked day by anyone but an admin (403); answers whether it is locked. */
export function requireChangeable(actor: SignedInActor, date: string, now = new Date()): DayState {
  const state = dayState(date, now);
  if (state === "locked" && !actor.isAdmin) {
    throw DomainError.ofField("forbidden", "date", problem("attendance.locked", { date }));
  }
  return state;
}
