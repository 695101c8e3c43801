// The dashboard's routine forms as they are typed (periods one a line, a week's grid of boxes
// named subject.<day>.<period>, a class and section in one choice), read into the calls' shapes
// and checked with routines.ts's schemas, each problem named on the box it was typed in. The
// browser (useSchemaForm) and the server read them alike.
import type { Problem } from "../errors/problem";
import { fieldProblemsOf } from "./field-errors";
import { formCheck } from "./form-check";
import { routineInput, substituteInput, type Weekday, weekInput } from "./routines";

type Values = Record<string, unknown>;
const text = (values: Values, name: string) => String(values[name] ?? "");

/**
 * Each problem on its box (`boxOf`). A problem inside a typed list keeps its place in `at`
 * ("periods.2.end") when `placed`; a grid's box is its own place.
 */
function onBoxes(fields: Record<string, Problem>, boxOf: (field: string) => string, placed = false) {
  const boxes: Record<string, Problem> = {};
  for (const [field, found] of Object.entries(fields)) {
    const box = boxOf(field);
    boxes[box] ??= placed && box !== field ? { ...found, at: found.at ?? field } : found;
  }
  return boxes;
}

/** The periods ("1 08:00 08:45", "4 10:15 10:45 break") and the school days. */
export function readWeekForm(values: Values) {
  const periods = text(values, "periods")
    .split(/\r?\n/)
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts[0])
    .map(([number, start, end, kind]) => ({
      number: Number(number),
      start: start ?? "",
      end: end ?? "",
      break: kind?.toLowerCase() === "break",
    }));
  const days = values.days === undefined ? [] : [values.days].flat().map(String);
  const parsed = weekInput.safeParse({ periods, days });
  if (parsed.success) return { input: parsed.data };
  return { fields: onBoxes(fieldProblemsOf(parsed.error), (field) => field.split(".")[0] ?? field, true) };
}

export const weekFormInput = formCheck((values) => readWeekForm(values).fields ?? {});

/** The week the grid is drawn for: its school days and the periods that are not breaks. */
export type GridWeek = { days: Weekday[]; periods: { number: number; break: boolean }[] };

/** A class's week: one slot for each box whose subject is typed. */
export function readRoutineForm(values: Values, week: GridWeek) {
  const slots = week.days.flatMap((day) =>
    week.periods
      .filter((period) => !period.break)
      .flatMap((period) => {
        const key = `${day}.${period.number}`;
        const subject = text(values, `subject.${key}`).trim();
        if (!subject) return [];
        return [
          {
            day,
            period: period.number,
            subject,
            teacher: text(values, `teacher.${key}`) || null,
            room: text(values, `room.${key}`),
          },
        ];
      }),
  );
  // "slots.3.teacher" is the grid's box "teacher.sunday.2".
  const boxOf = (field: string) => {
    const [, index, part = "subject"] = /^slots\.(\d+)(?:\.(\w+))?$/.exec(field) ?? [];
    const slot = index === undefined ? undefined : slots[Number(index)];
    return slot ? `${part}.${slot.day}.${slot.period}` : field;
  };
  const parsed = routineInput.safeParse({ slots });
  if (parsed.success) return { input: parsed.data, boxOf };
  return { fields: onBoxes(fieldProblemsOf(parsed.error), boxOf), boxOf };
}

export const routineFormInput = (week: GridWeek) =>
  formCheck((values) => readRoutineForm(values, week).fields ?? {});

/** A substitute: the class and section come as one choice, "classId|section". */
export function readSubstituteForm(values: Values) {
  const [classId = "", section = ""] = text(values, "classSection").split("|");
  const parsed = substituteInput.safeParse({
    class: classId,
    section,
    date: text(values, "date"),
    period: Number(text(values, "period")),
    teacher: text(values, "teacher"),
  });
  if (parsed.success) return { input: parsed.data };
  return { fields: onBoxes(fieldProblemsOf(parsed.error), substituteBox) };
}

/** The box a substitute's field was chosen in. */
export const substituteBox = (field: string) =>
  field === "class" || field === "section" ? "classSection" : field;

export const substituteFormInput = formCheck((values) => readSubstituteForm(values).fields ?? {});
