// A message a user or client may see, as a stable code and its parameters: {key, params}. Its
// words come from one catalog per language (common/errors/texts-en.ts, app/i18n/errors.ts), so
// rewording the English never loses a translation. The API sends the English text as `message`
// and the code as `key` and `params`.
// Nothing here holds words: the browser loads only its language's (English lives in english.ts).
import { type LabelCode, labelParams } from "../../i18n/errors/labels";
import type { errorTextsEn } from "../../i18n/errors/texts-en";

export type ErrorCode = keyof typeof errorTextsEn;
export type { LabelCode };

/** The names of a template's parameters: "{label} is at most {max}" gives "label" | "max". */
export type ParamNames<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** A code's parameters: `label` names a field through its label code, the others are values. */
export type ParamsOf<K extends ErrorCode> = {
  [Name in ParamNames<(typeof errorTextsEn)[K]>]: Name extends (typeof labelParams)[number]
    ? LabelCode
    : string | number;
};

export type Params = Record<string, string | number>;

/**
 * What travels: in the API's answers, in a page's data, in a form's field errors. `at` is the
 * field the words are about, written before them as the request names it ("period",
 * "subjects.0.code").
 */
export type Problem = { key: ErrorCode; params?: Params; at?: string };

type ParamsArgument<K extends ErrorCode> = [ParamNames<(typeof errorTextsEn)[K]>] extends [never]
  ? []
  : [params: ParamsOf<K>];

/** A problem with its parameters, checked against the English template. */
export function problem<K extends ErrorCode>(key: K, ...params: ParamsArgument<K>): Problem {
  return params[0] ? { key, params: params[0] as Params } : { key };
}

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

// Zod keeps only a string per issue, so a schema's message is its problem written as a string:
// "@key" or "@key{json params}". fieldErrorsOf reads it back; nothing shows that string as is.
const mark = "@";

/** A problem as a zod message (see above). */
export function issue<K extends ErrorCode>(key: K, ...params: ParamsArgument<K>): string {
  return mark + key + (params[0] ? JSON.stringify(params[0]) : "");
}

// A problem's `at` rides in its parameters under this name, read back by problemOfIssue.
const atParam = "@at";

/** A problem already made (a price's refusal, a line of a form), as a zod message. */
export const issueOf = (found: Problem): string => {
  const params = found.at ? { ...found.params, [atParam]: found.at } : found.params;
  return mark + found.key + (params ? JSON.stringify(params) : "");
};

/**
 * The problem of a zod message: ours as written by `issue`, or zod's own English message (a
 * shape no schema of ours names, such as a missing object) under `input.invalid`.
 */
export function problemOfIssue(message: string): Problem {
  if (message.startsWith(mark)) {
    const brace = message.indexOf("{");
    const key = brace < 0 ? message.slice(1) : message.slice(1, brace);
    const code = key as ErrorCode;
    if (brace < 0) return { key: code };
    const { [atParam]: at, ...params } = JSON.parse(message.slice(brace)) as Params;
    const found: Problem = Object.keys(params).length > 0 ? { key: code, params } : { key: code };
    return at === undefined ? found : { ...found, at: String(at) };
  }
  return { key: "input.invalid", params: { detail: message } };
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
