// What each kind of content takes, in plain English, with the rules of the specification's
// section 5. The server validates with these; the dashboard forms check with the same ones.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { readPrice } from "../money";
import { email, optionalLink, optionalText, requiredText, text, textTypeError } from "./fields";

export const reviewStatus = z.enum(["pending", "approved", "rejected"], {
  error: "Status must be pending, approved or rejected",
});
export const teacherPosition = z.enum(["principal", "vice-principal", "Teacher"], {
  error: "Position must be principal, vice-principal or Teacher",
});
const uuid = (label: string) => z.uuid({ error: `${label} must be an id` });

/**
 * A price of at most 20 characters, stored in minor units (common/money.ts reads it: thousands
 * separators only between thousands, at most two decimals, at most 10,000,000,000.00).
 */
const price = z
  .union([z.string(), z.number()], {
    error: (issue) => (issue.input === undefined ? "Price is required" : "Price must be a number"),
  })
  .refine((value) => String(value).trim() !== "", { error: "Price is required" })
  .refine((value) => String(value).trim().length <= 20, { error: "Price must be at most 20 characters" })
  .transform((value, ctx) => {
    const read = readPrice(value);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    return read.minor;
  });

const className = text("Class")
  .refine((value) => value === "" || normaliseClassName(value) !== undefined, {
    error: "Choose a class from the list",
  })
  .transform((value) => (value ? (normaliseClassName(value) ?? null) : null))
  .optional();

const optionalPosition = z
  .union([teacherPosition, z.literal("")], { error: "Position must be principal, vice-principal or Teacher" })
  .transform((value) => value || null)
  .optional();

export const admissionInput = z.object({
  title: requiredText("Title", 100),
  priceMinor: price,
  about: optionalText("About", 5000, "many"),
});

export const resultInput = z.object({
  title: requiredText("Title", 200),
  information: optionalText("Information", 10000, "many"),
});

export const blogInput = z.object({
  title: requiredText("Title", 200),
  authorEmail: email(),
  body: optionalText("Body", 50000, "many"),
  category: optionalText("Category", 50),
  status: reviewStatus.optional(),
});

/** A blog as a signed-in user writes it (the profile's postBlog and MyBlogs): the author is the writer. */
export const userBlogInput = blogInput.pick({ title: true, body: true, category: true });

export const commentInput = z.object({
  blogId: uuid("Blog"),
  name: requiredText("Name", 100),
  email: email(),
  message: requiredText("Message", 5000, "many"),
  photoUrl: optionalLink("Photo"),
});

export const noticeInput = z.object({
  title: requiredText("Title", 200),
  about: optionalText("About", 5000, "many"),
  // A file of the downloads the notice carries (a form to fill in), or "" for none.
  downloadId: z
    .union([z.uuid({ error: "Choose a download from the list" }), z.literal("")], {
      error: "Choose a download from the list",
    })
    .transform((value) => value || null)
    .optional(),
});

export const serviceInput = z.object({
  name: requiredText("Service name", 20),
  about: optionalText("About", 5000, "many"),
});

export const studentInput = z.object({
  name: requiredText("Name", 20),
  email: email(),
  description: optionalText("Description", 2000, "many"),
  className,
  status: reviewStatus.optional(),
});

export const teacherInput = z.object({
  name: requiredText("Name", 20),
  email: email(),
  phone: requiredText("Phone", 30),
  address: requiredText("Address", 300, "many"),
  about: optionalText("About", 5000, "many"),
  position: optionalPosition,
  category: optionalText("Category", 50),
  status: reviewStatus.optional(),
  isFeatured: z.boolean({ error: "Featured must be true or false" }).optional(),
});

/** An image link field: http or https, or empty to remove the image. */
export const imageLink = optionalLink("Image link");

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
const moment = (label: string, required: boolean) =>
  z.union([z.string(), z.date()], { error: textTypeError(label) }).transform((value, ctx) => {
    if (value instanceof Date) return value;
    const trimmed = value.trim();
    if (trimmed === "") {
      if (required) ctx.addIssue({ code: "custom", message: `${label} is required` });
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
      ctx.addIssue({ code: "custom", message: `${label} must be a date, such as 2026-12-16 10:00` });
      return z.NEVER;
    }
    return date;
  });

/** A box ticked in a form ("on"), or a JSON boolean; an unticked box sends nothing. */
const tickBox = (label: string) =>
  z
    .union([z.boolean(), z.enum(["on", "true", "false", ""])], { error: `${label} must be true or false` })
    .transform((value) => value === true || value === "on" || value === "true")
    .optional();

const eventCategory = z
  .union([z.enum(eventCategories), z.literal("")], {
    error: "Category must be holiday, exam, meeting or event",
  })
  .transform((value) => value || "event")
  .optional();

export const eventInput = z.object({
  title: requiredText("Title", 200),
  startsAt: moment("Start", true),
  endsAt: moment("End", false).optional(),
  allDay: tickBox("All day"),
  place: optionalText("Place", 200),
  category: eventCategory,
  description: optionalText("Description", 5000, "many"),
});

/** What a download is: a form, a syllabus, a routine, a notice, or something else. */
export const downloadCategories = ["form", "syllabus", "routine", "notice", "other"] as const;
export type DownloadCategory = (typeof downloadCategories)[number];

/** The file types a download may be, decided from the file's bytes (server/files/documents.ts). */
export const downloadTypes = ["pdf", "docx", "xlsx", "odt"] as const;
export type DownloadType = (typeof downloadTypes)[number];

const downloadCategory = z
  .union([z.enum(downloadCategories), z.literal("")], {
    error: "Category must be form, syllabus, routine, notice or other",
  })
  .transform((value) => value || "other")
  .optional();

/** A download's fields; its file comes beside them (multipart), never as a field. */
export const downloadInput = z.object({
  title: requiredText("Title", 200),
  category: downloadCategory,
  description: optionalText("Description", 5000, "many"),
});

/** An album of the photo gallery; its photos are added one by one (albumPhotoInput). */
export const albumInput = z.object({
  title: requiredText("Title", 200),
  description: optionalText("Description", 5000, "many"),
  heldOn: moment("Date", false).optional(),
  // One of the album's own photos, or "" for the first.
  coverPhotoId: z
    .union([uuid("Cover"), z.literal("")], { error: "Cover must be one of the album's photos" })
    .transform((value) => value || null)
    .optional(),
});

/** A photo's caption and place in its album (its image comes beside them, as a file). */
export const albumPhotoInput = z.strictObject({
  caption: optionalText("Caption", 500, "many"),
  position: z
    .number({ error: "Position must be a number" })
    .int({ error: "Position must be a whole number" })
    .min(0, { error: "Position must be 0 or more" })
    .max(100_000, { error: "Position must be at most 100000" })
    .optional(),
});
export type AlbumPhotoInput = z.output<typeof albumPhotoInput>;
