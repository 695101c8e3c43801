// A message a user or client may see, as a stable code and its parameters: {key, params}. Its
// words come from one catalogue per language (i18n/errors/: texts-en.ts, texts-bn.ts), so
// rewording the English never loses a translation. The API sends the English text as `message`
// and the code as `key` and `params`. Here problems are made and carried in zod's messages; the
// texts put them in words (i18n/errors/render-problem.ts).
import type { LabelCode, labelParams } from "../../i18n/errors/labels";
import type { ErrorCode, ParamNames, Params, Problem } from "../../i18n/errors/render-problem";
import type { errorTextsEn } from "../../i18n/errors/texts-en";

export type { ErrorCode, LabelCode, Params, Problem };

/** A code's parameters: `label` names a field through its label code, the others are values. */
export type ParamsOf<K extends ErrorCode> = {
  [Name in ParamNames<(typeof errorTextsEn)[K]>]: Name extends (typeof labelParams)[number]
    ? LabelCode
    : string | number;
};

type ParamsArgument<K extends ErrorCode> = [ParamNames<(typeof errorTextsEn)[K]>] extends [never]
  ? []
  : [params: ParamsOf<K>];

/** A problem with its parameters, checked against the English template. */
export function problem<K extends ErrorCode>(key: K, ...params: ParamsArgument<K>): Problem {
  return params[0] ? { key, params: params[0] as Params } : { key };
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
