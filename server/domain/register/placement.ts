// Where an enrolment puts a child: a class of the institute's list (by name, any case) and, when
// the class has sections, one of them. Shared by the forms, the import and the promotion.

import type { Problem } from "../../../common/errors/problem";
import { problem } from "../../../common/errors/problem";
import type { SchoolClass } from "../classes";

/** The class of this name (any case), or undefined. */
export const classNamed = (classes: SchoolClass[], name: string) =>
  classes.find((c) => c.name.toLowerCase() === name.trim().toLowerCase());

/**
 * The section as the class spells it, null for none, or the problem: a class with sections takes
 * one of them (or none), a class without sections takes none.
 */
export function sectionOf(schoolClass: SchoolClass, section: string | null): string | null | Problem {
  if (!section) return null;
  const found = schoolClass.sections.find((s) => s.toLowerCase() === section.toLowerCase());
  if (found) return found;
  if (schoolClass.sections.length === 0) return problem("register.noSections");
  return problem("register.section", { sections: schoolClass.sections.join(", ") });
}

export const isProblem = (value: unknown): value is Problem =>
  typeof value === "object" && value !== null && "key" in value;
