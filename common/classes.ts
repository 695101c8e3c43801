// The class options of the institute. Stored values are English; labels come from the
// translation files. The specification's "Class Tree" is read as "Class Three".
export const classOptions = [
  "Class One",
  "Class Two",
  "Class Three",
  "Class Four",
  "Class Five",
  "Class Six",
  "Class Seven",
  "Class Eight",
  "Class Nine",
  "Class Ten",
  "Alim",
] as const;

export type ClassName = (typeof classOptions)[number];

const aliases: Record<string, ClassName> = { "class tree": "Class Three" };

/** The stored class for a value sent by a form or an older client, or undefined if unknown. */
export function normaliseClassName(value: string): ClassName | undefined {
  const key = value.trim().toLowerCase();
  return aliases[key] ?? classOptions.find((option) => option.toLowerCase() === key);
}
