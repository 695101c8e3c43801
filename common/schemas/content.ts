// What each kind of content takes, in plain English, with the rules of the specification's
// section 5. The server validates with these; the dashboard forms check with the same ones.
import { z } from "zod";
import { normaliseClassName } from "../classes";
import { readPrice } from "../money";
import { email, optionalLink, optionalText, requiredText, text } from "./fields";

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
