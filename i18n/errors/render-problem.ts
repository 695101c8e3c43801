// A problem (a message a user or client may see, as a stable code and its parameters) in a
// language's words. Each language's words are a catalogue here (texts-en.ts, texts-bn.ts), so
// rewording the English never loses a translation. Nothing here holds words: the browser loads
// only its language's, from the root loader. Making a problem is common/errors/problem.ts's.
import { type LabelCode, labelParams } from "./labels";
import type { errorTextsEn } from "./texts-en";

export type ErrorCode = keyof typeof errorTextsEn;
export type { LabelCode };

/** The names of a template's parameters: "{label} is at most {max}" gives "label" | "max". */
export type ParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

export type Params = Record<string, string | number>;

/**
 * What travels: in the API's answers, in a page's data, in a form's field errors. `at` is the
 * field the words are about, written before them as the request names it ("period",
 * "subjects.0.code").
 */
export type Problem = { key: ErrorCode; params?: Params; at?: string };

/** A language's texts: every code, and every label. */
export type ErrorTexts = {
  texts: Record<ErrorCode, string>;
  labels: Record<LabelCode, string>;
  digits?: string;
  /** Words for the field names a problem's `at` may hold ("period"); English writes them as they are. */
  fieldNames?: Record<string, string>;
};

/**
 * The words of a problem in a language. A `label`, `kind` or `what` parameter is a label code,
 * given in that language's words; numbers and sizes get the language's digits.
 */
export function renderProblem(texts: ErrorTexts, found: Problem): string {
  const template = texts.texts[found.key] ?? found.key;
  const params = found.params ?? {};
  // `at` is a field's name as the request spells it: in the language's words when it has them.
  const at = found.at && (texts.fieldNames?.[found.at] ?? found.at);
  return (
    (at ? `${at} ` : "") +
    template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      if (value === undefined) return whole;
      if (labelParams.includes(name as never)) {
        const label = texts.labels[value as LabelCode] ?? String(value);
        return name === "what" ? label.toLowerCase() : label;
      }
      const digits = texts.digits;
      // Numbers, and sizes as the server writes them ("5 MB", "8000 × 6000"), in the language's digits.
      return (typeof value === "number" || name === "size") && digits
        ? String(value).replace(/\d/g, (digit) => digits[Number(digit)] ?? digit)
        : String(value);
    })
  );
}

/** The parameters a text lacks: those of `Names` it does not write as {name}. */
type Lacking<Text extends string, Names extends string> = Names extends unknown
  ? Text extends `${string}{${Names}}${string}`
    ? never
    : Names
  : never;

/**
 * A language's texts, checked: every code, each with every parameter of its English text. A
 * text that leaves one out reads as a type error naming it ("lacks {day}").
 */
export type CheckedTexts<T extends Record<ErrorCode, string>> = {
  [K in ErrorCode]: [Lacking<T[K], ParamNames<(typeof errorTextsEn)[K]>>] extends [never]
    ? T[K]
    : `lacks {${Lacking<T[K], ParamNames<(typeof errorTextsEn)[K]>>}}`;
};
