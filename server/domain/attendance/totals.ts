// A child's figures over some school days: days, present, absent, late, on leave, and the share
// of days at school (present or late) as a percentage with one decimal; null without a school day.
import type { AttendanceStatus } from "../../../common/schemas/attendance";

export type AttendanceTotals = {
  days: number;
  present: number;
  absent: number;
  late: number;
  leave: number;
  percentage: number | null;
};

/** The totals of these school days, given the marks by date (an unmarked day was present). */
export function totalsOf(schoolDays: string[], statusOn: Map<string, AttendanceStatus>): AttendanceTotals {
  const totals = { days: schoolDays.length, present: 0, absent: 0, late: 0, leave: 0 };
  for (const date of schoolDays) totals[statusOn.get(date) ?? "present"] += 1;
  const percentage =
    totals.days === 0 ? null : Math.round((1000 * (totals.present + totals.late)) / totals.days) / 10;
  return { ...totals, percentage };
}
