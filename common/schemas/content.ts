// What each kind of content takes, in plain English, with the rules of the specification's
// section 5. The server validates with these; the dashboard forms check with the same ones.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { issue, issueOf, type LabelCode } from "../errors/problem";
import { readPrice } from "../money";
import { email, optionalLink, optionalText, requiredText, text, textTypeError } from "./fields";

export const reviewStatus = z.enum(["pending", "approved", "rejected"], {
  error: issue("content.status"),
});
export const teacherPosition = z.enum(["principal", "vice-principal", "Teacher"], {
  error: issue("content.position"),
});
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

const optionalPosition = z
  .union([teacherPosition, z.literal("")], { error: issue("content.position") })
  .transform((value) => value || null)
  .optional();

export const admissionInput = z.object({
  title: requiredText("title", 100),
  priceMinor: price,
  about: optionalText("about", 5000, "many"),
});

export const resultInput = z.object({
  title: requiredText("title", 200),
  information: optionalText("information", 10000, "many"),
});

export const blogInput = z.object({
  title: requiredText("title", 200),
  authorEmail: email(),
  body: optionalText("body", 50000, "many"),
  category: optionalText("category", 50),
  status: reviewStatus.optional(),
});

/** A blog as a signed-in user writes it (the profile's postBlog and MyBlogs): the author is the writer. */
export const userBlogInput = blogInput.pick({ title: true, body: true, category: true });

export const commentInput = z.object({
  blogId: uuid("blog"),
  name: requiredText("name", 100),
  email: email(),
  message: requiredText("message", 5000, "many"),
  photoUrl: optionalLink("photo"),
});

export const noticeInput = z.object({
  title: requiredText("title", 200),
  about: optionalText("about", 5000, "many"),
  // A file of the downloads the notice carries (a form to fill in), or "" for none.
  downloadId: z
    .union([z.uuid({ error: issue("content.noticeDownload") }), z.literal("")], {
      error: issue("content.noticeDownload"),
    })
    .transform((value) => value || null)
    .optional(),
});

export const serviceInput = z.object({
  name: requiredText("serviceName", 20),
  about: optionalText("about", 5000, "many"),
});

export const studentInput = z.object({
  name: requiredText("name", 20),
  email: email(),
  description: optionalText("description", 2000, "many"),
  className,
  status: reviewStatus.optional(),
});

export const teacherInput = z.object({
  name: requiredText("name", 20),
  email: email(),
  phone: requiredText("phone", 30),
  address: requiredText("address", 300, "many"),
  about: optionalText("about", 5000, "many"),
  position: optionalPosition,
  category: optionalText("category", 50),
  status: reviewStatus.optional(),
  isFeatured: z.boolean({ error: issue("field.notBoolean", { label: "featured" }) }).optional(),
});

/** An image link field: http or https, or empty to remove the image. */
export const imageLink = optionalLink("imageLink");

/** The academic calendar's kinds of day. */
export const eventCategories = ["holiday", "exam", "meeting", "event"] as const;
export type EventCategory = (typeof eventCategories)[number];

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

const eventCategory = z
  .union([z.enum(eventCategories), z.literal("")], {
    error: issue("content.eventCategory"),
  })
  .transform((value) => value || "event")
  .optional();

export const eventInput = z.object({
  title: requiredText("title", 200),
  startsAt: moment("start", true),
  endsAt: moment("end", false).optional(),
  allDay: tickBox("allDay"),
  place: optionalText("place", 200),
  category: eventCategory,
  description: optionalText("description", 5000, "many"),
});

/** What a download is: a form, a syllabus, a routine, a notice, or something else. */
export const downloadCategories = ["form", "syllabus", "routine", "notice", "other"] as const;
export type DownloadCategory = (typeof downloadCategories)[number];

/** The file types a download may be, decided from the file's bytes (server/files/documents.ts). */
export const downloadTypes = ["pdf", "docx", "xlsx", "odt"] as const;
export type DownloadType = (typeof downloadTypes)[number];

const downloadCategory = z
  .union([z.enum(downloadCategories), z.literal("")], {
    error: issue("content.downloadCategory"),
  })
  .transform((value) => value || "other")
  .optional();

/** A download's fields; its file comes beside them (multipart), never as a field. */
export const downloadInput = z.object({
  title: requiredText("title", 200),
  category: downloadCategory,
  description: optionalText("description", 5000, "many"),
});

/** An album of the photo gallery; its photos are added one by one (albumPhotoInput). */
export const albumInput = z.object({
  title: requiredText("title", 200),
  description: optionalText("description", 5000, "many"),
  heldOn: moment("date", false).optional(),
  // One of the album's own photos, or "" for the first.
  coverPhotoId: z
    .union([uuid("cover"), z.literal("")], { error: issue("content.coverPhoto") })
    .transform((value) => value || null)
    .optional(),
});

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
