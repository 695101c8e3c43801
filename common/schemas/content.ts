// The rule kit: what the kinds of content's fields are checked with, in plain English, with the
// rules of the specification's section 5. A kind's definition (common/kinds/<kind>.ts) writes
// each field's rule as a function of this kit, so the definitions load no zod: the server builds
// the inputs at once (common/kinds/inputs.ts), the dashboard's forms when a form first needs them.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { issue, issueOf, type LabelCode } from "../errors/problem";
import { readPrice } from "../money";
import { email, optionalLink, optionalText, requiredText, text, textTypeError } from "./fields";

/** A review's outcome, for the kinds whose records wait for an admin (`reviewed`). */
export const reviewStatuses = ["pending", "approved", "rejected"] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];
export const reviewStatus = z.enum(reviewStatuses, { error: issue("content.status") });

/** An id of a record, naming the field by its label when it is not one. */
const uuid = (label: LabelCode) => z.uuid({ error: issue("field.notId", { label }) });

/**
 * A price of at most 20 characters, stored in minor units (common/money.ts reads it: thousands
 * separators only between thousands, at most two decimals, at most 10,000,000,000.00).
 */
const price = z
  .union([z.string(), z.number()], {
    error: (found) =>
      found.input === undefined
        ? issue("field.required", { label: "price" })
        : issue("field.notNumber", { label: "price" }),
  })
  .refine((value) => String(value).trim() !== "", { error: issue("field.required", { label: "price" }) })
  .refine((value) => String(value).trim().length <= 20, {
    error: issue("field.tooLong", { label: "price", max: 20 }),
  })
  .transform((value, ctx) => {
    const read = readPrice(value);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: issueOf(read.error) });
      return z.NEVER;
    }
    return read.minor;
  });

const className = text("class")
  .refine((value) => value === "" || normaliseClassName(value) !== undefined, {
    error: issue("content.className"),
  })
  .transform((value) => (value ? (normaliseClassName(value) ?? null) : null))
  .optional();

/** An image link field: http or https, or empty to remove the image. */
export const imageLink = optionalLink("imageLink");

/** Bangladesh's clock: UTC+6 all year (no daylight saving). Times without an offset are read in it. */
export const institutionOffset = "+06:00";

const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * A moment as a form's date-time box (2026-12-16T10:00) or a date (2026-12-16) gives it, read on
 * Bangladesh's clock, or with its own offset (an API client's 2026-12-16T04:00:00Z).
 */
const moment = (label: LabelCode, required: boolean) =>
  z.union([z.string(), z.date()], { error: textTypeError(label) }).transform((value, ctx) => {
    if (value instanceof Date) return value;
    const trimmed = value.trim();
    if (trimmed === "") {
      if (required) ctx.addIssue({ code: "custom", message: issue("field.required", { label }) });
      return required ? z.NEVER : undefined;
    }
    const found = dateTimePattern.exec(trimmed);
    const [, year, month, day, hour = "00", minute = "00", second = "00", offset] = found ?? [];
    const date = found
      ? new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${offset ?? institutionOffset}`)
      : new Date(Number.NaN);
    // 2026-02-30 rolls over in Date: the day read back must be the day given.
    const valid =
      !Number.isNaN(date.getTime()) &&
      Number(year) >= 1900 &&
      Number(year) <= 2200 &&
      Number(month) >= 1 &&
      Number(month) <= 12 &&
      Number(day) <= 31 &&
      new Date(`${year}-${month}-01T00:00:00Z`).getUTCMonth() ===
        new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCMonth();
    if (!valid) {
      ctx.addIssue({ code: "custom", message: issue("field.notDate", { label }) });
      return z.NEVER;
    }
    return date;
  });

/** A box ticked in a form ("on"), or a JSON boolean; an unticked box sends nothing. */
const tickBox = (label: LabelCode) =>
  z
    .union([z.boolean(), z.enum(["on", "true", "false", ""])], {
      error: issue("field.notBoolean", { label }),
    })
    .transform((value) => value === true || value === "on" || value === "true")
    .optional();

/** What the kinds' field rules are made with (see above). */
export const ruleKit = {
  z,
  issue,
  text,
  requiredText,
  optionalText,
  email,
  optionalLink,
  uuid,
  price,
  className,
  reviewStatus,
  moment,
  tickBox,
};
export type RuleKit = typeof ruleKit;

type RuledField = { name: string; rule?: (r: RuleKit) => z.ZodType };

/** The input's shape of a kind's fields: each field with a rule, by its name. */
export type ShapeOf<Fields extends readonly RuledField[]> = {
  [Field in Fields[number] as Field extends { rule: (r: RuleKit) => z.ZodType }
    ? Field["name"]
    : never]: Field extends { rule: (r: RuleKit) => infer Rule } ? Rule : never;
};

/** A kind's input: its fields' rules, in their order (the order of a refusal's fields). */
export function inputOf<Fields extends readonly RuledField[]>(definition: { fields: Fields }) {
  const shape = Object.fromEntries(
    definition.fields.flatMap((field) => (field.rule ? [[field.name, field.rule(ruleKit)]] : [])),
  );
  return z.object(shape as ShapeOf<Fields>);
}

/** A photo's caption and place in its album (its image comes beside them, as a file). */
export const albumPhotoInput = z.strictObject({
  caption: optionalText("caption", 500, "many"),
  position: z
    .number({ error: issue("content.photoPosition.number") })
    .int({ error: issue("content.photoPosition.whole") })
    .min(0, { error: issue("content.photoPosition.min") })
    .max(100_000, { error: issue("content.photoPosition.max") })
    .optional(),
});
export type AlbumPhotoInput = z.output<typeof albumPhotoInput>;

/** A photo's caption as the dashboard's caption form sends it. */
export const albumCaptionInput = z.object({ caption: optionalText("caption", 500, "many") });

/** The image types the pipeline takes, as a browser names a chosen file's type. */
const imageFileTypes = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/**
 * The photos chosen at once for an album (the dashboard): images, each at most `maxBytes`
 * (`size` words it). The server still reads each one's bytes.
 */
export const albumPhotoFilesInput = (maxBytes: number, size: string) =>
  z.object({
    image: z
      .array(z.instanceof(Blob))
      .min(1, { error: issue("upload.choosePhoto") })
      .refine((files) => files.every((file) => imageFileTypes.includes(file.type)), {
        error: issue("upload.imageType"),
      })
      .refine((files) => files.every((file) => file.size <= maxBytes), {
        error: issue("upload.imageTooLarge", { size }),
      }),
  });
