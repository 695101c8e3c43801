// The whole database in one place. Property names are plain English in camelCase; the
// snake_case casing of the Drizzle client turns them into column names. The specification's
// spellings (admition, catagori, cetagory, ...) never appear here: the API adapters map them.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type { ExtraCalendars } from "../../common/dates";
import { downloadCategories, downloadTypes } from "../../common/kinds/downloads";
import { eventCategories } from "../../common/kinds/events";
import { teacherPositions } from "../../common/kinds/teachers";
import {
  type Gender,
  type GuardianRelation,
  genders,
  guardianRelations,
  type RegisterStatus,
  registerStatuses,
} from "../../common/people";
import type {
  ApplicationStatus,
  DecisionMethod,
  DocumentKind,
  ExtraField,
  RoundClassInput,
} from "../../common/schemas/admission-applications";
import type { AttendanceStatus, LeaveStatus } from "../../common/schemas/attendance";
import { type ReviewStatus, reviewStatuses } from "../../common/schemas/content";
import {
  type MessageChannel,
  messageChannels,
  type RecipientState,
  recipientStates,
} from "../../common/schemas/guardian-messages";
import { type OrderStatus, orderStatuses } from "../../common/schemas/orders";
import type { ComponentRule, GradingScheme, Marksheet } from "../../common/schemas/results";
import type { Weekday } from "../../common/schemas/routines";

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---------------------------------------------------------------------------------------------
// Accounts: the tables Better Auth needs (user, session, account, verification, rate limit),
// with the admin plugin's role fields and the institute's profile fields on the user.

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    role: text().notNull().default("user"),
    banned: boolean().default(false),
    banReason: text(),
    banExpires: timestamp({ withTimezone: true }),
    // Profile fields of the specification's profile update payload.
    about: text(),
    contactNumber: varchar({ length: 30 }),
    className: varchar({ length: 30 }),
    rollNumber: varchar({ length: 20 }),
    // Better Auth's phone number plugin: set only once the one-time code has been verified.
    phoneNumber: varchar({ length: 30 }).unique(),
    phoneNumberVerified: boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.role)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    impersonatedBy: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId), uniqueIndex().on(t.providerId, t.accountId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.identifier)],
);

// Shared by every app process, so a limit holds however many processes serve the site. Rows of
// passed windows are deleted by last_request (server/domain/rate-limit.ts, and Better Auth).
export const rateLimits = pgTable(
  "rate_limits",
  {
    id: text().primaryKey(),
    key: text().notNull().unique(),
    count: integer().notNull(),
    lastRequest: bigint({ mode: "number" }).notNull(),
  },
  (t) => [index().on(t.lastRequest)],
);

// ---------------------------------------------------------------------------------------------
// Uploaded images: one row per upload, with the stored variants (widths, formats) so pages can
// build srcset and reserve space.

export type ImageVariant = { key: string; width: number; height: number; format: "webp" | "jpeg" };

export const uploadedFiles = pgTable(
  "uploaded_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    originalName: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    variants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.uploadedBy), index().on(t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Content. Every kind has an image (a link, or an upload that also fills imageFileId) and a
// creation time that orders its lists newest first.

const imageColumns = () => ({
  imageUrl: text(),
  imageFileId: uuid().references(() => uploadedFiles.id, { onDelete: "set null" }),
});

/**
 * Money in integer minor units, 64-bit: totals pass 2^31 (21,474,836.47). Read as a JS number,
 * exact because common/money.ts keeps amounts at most 10^12, far below 2^53.
 */
const money = () => bigint({ mode: "number" }).notNull();

// The kinds' fixed lists are their definitions' (common/kinds/), kept by the tables' checks.
export {
  downloadCategories,
  downloadTypes,
  eventCategories,
  type ReviewStatus,
  reviewStatuses,
  teacherPositions,
};

export const admissions = pgTable(
  "admissions",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(), // Limits are in letters (common/schemas): a column holds any number of code points.
    about: text().notNull().default(""),
    // Integer minor units (cents, paisa): money is never a float.
    priceMinor: money(),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.imageFileId)],
);

export const blogs = pgTable(
  "blogs",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    authorEmail: text().notNull(),
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    // The byline: the writer's display name and photo as they were when the blog was written,
    // kept with the blog so that it still names its writer when the account is gone.
    authorName: text().notNull().default(""),
    authorPhotoUrl: text(),
    body: text().notNull().default(""),
    category: text().notNull().default(""),
    status: text().$type<ReviewStatus>().notNull().default("approved"),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.authorId),
    index().on(t.imageFileId),
    index().on(t.status, t.createdAt),
    // A signed-in reader's count (approved, or their own): read from this index, not the table.
    // With the id, the comments a reader may see (those of blogs they may read) are counted
    // from the indexes too.
    index().on(t.status, t.authorId, t.id),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid().primaryKey().defaultRandom(),
    blogId: uuid()
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    // A deleted account's comments stay, without their writer (server/domain/users.ts deleteUser).
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    photoUrl: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.blogId, t.createdAt), index().on(t.authorId), index().on(t.createdAt)],
);

// How many comments each blog has, kept by a trigger on comments (migration 0018): the comments
// list's total is then a sum over the blogs a reader may read, not a count of every comment.
// Derived: a backup leaves it out, and the comments' trigger counts them again as they load.
export const commentCounts = pgTable("comment_counts", {
  blogId: uuid()
    .primaryKey()
    .references(() => blogs.id, { onDelete: "cascade" }),
  count: integer().notNull(),
});

// The comments of all blogs of one review status, kept by triggers on comments and blogs
// (migration 0027): an anonymous reader's comments list total is one row, whatever the number
// of blogs. Derived like comment_counts: a backup leaves it out.
export const commentTotals = pgTable("comment_totals", {
  blogStatus: text().$type<ReviewStatus>().primaryKey(),
  count: integer().notNull(),
});

export const results = pgTable(
  "results",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    information: text().notNull().default(""),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.imageFileId)],
);

/**
 * The academic calendar: a holiday, an exam, a meeting or an event, from its start to its end
 * (whole days, or times). Shown on /events and in the /events.ics feed.
 */
export const events = pgTable(
  "events",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    allDay: boolean().notNull().default(false),
    place: text().notNull().default(""),
    category: text({ enum: eventCategories }).notNull().default("event"),
    description: text().notNull().default(""),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.startsAt),
    index().on(t.imageFileId),
    check("events_ends_after_start", sql`${t.endsAt} >= ${t.startsAt}`),
    check("events_category", sql`${t.category} in ('holiday', 'exam', 'meeting', 'event')`),
  ],
);

// Files for visitors to download (forms, syllabuses, routines, notices). The file's bytes are in
// the file storage under fileKey (downloads/...), served only through /api/downloads/{id}/file.
export const downloads = pgTable(
  "downloads",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    category: text({ enum: downloadCategories }).notNull().default("other"),
    description: text().notNull().default(""),
    fileKey: text().notNull(),
    fileName: text().notNull(),
    fileSize: integer().notNull(),
    fileType: text({ enum: downloadTypes }).notNull(),
    downloadCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.category, t.createdAt),
    check("downloads_category", sql`${t.category} in ('form', 'syllabus', 'routine', 'notice', 'other')`),
    check("downloads_file_type", sql`${t.fileType} in ('pdf', 'docx', 'xlsx', 'odt')`),
  ],
);

/**
 * The photo gallery's albums: a title, a description, the day it shows, and its cover (one of
 * its photos; none chosen: the first). Its photos are album_photos.
 */
export const albums = pgTable(
  "albums",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull().default(""),
    heldOn: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // No foreign key: the photos point at their album; a deleted photo is no longer the cover
    // (server/domain/album-photos.ts clears it).
    coverPhotoId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/** An album's photos, each an upload through the image pipeline, with a caption, in order. */
export const albumPhotos = pgTable(
  "album_photos",
  {
    id: uuid().primaryKey().defaultRandom(),
    albumId: uuid()
      .notNull()
      .references(() => albums.id, { onDelete: "cascade" }),
    ...imageColumns(),
    caption: text().notNull().default(""),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.albumId, t.position), index().on(t.imageFileId)],
);

export const notices = pgTable(
  "notices",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    about: text().notNull().default(""),
    ...imageColumns(),
    /** A file the notice carries (a form to fill in, the routine): a download of the downloads' list. */
    downloadId: uuid().references(() => downloads.id, { onDelete: "set null" }),
    /** A teacher's notice waits for an admin's approval (pending); an admin's is approved at once. */
    status: text().$type<ReviewStatus>().notNull().default("approved"),
    /** Who wrote it (a teacher's notice names them for the admins' review), when the account is kept. */
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.imageFileId),
    index().on(t.downloadId),
    index().on(t.status, t.createdAt),
    index().on(t.authorId),
  ],
);

export const services = pgTable(
  "services",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    about: text().notNull().default(""),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.imageFileId)],
);

export const students = pgTable(
  "students",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    description: text().notNull().default(""),
    className: varchar({ length: 30 }),
    status: text().$type<ReviewStatus>().notNull().default("pending"),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.status, t.createdAt),
    // Public lists and their counts (approved students only) without reading the table.
    index("students_visible_created_at_index").on(t.createdAt).where(sql`${t.status} = 'approved'`),
    index().on(t.imageFileId),
  ],
);

export const teachers = pgTable(
  "teachers",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    phone: varchar({ length: 30 }).notNull(),
    address: text().notNull(),
    about: text().notNull().default(""),
    position: text(),
    category: text().notNull().default(""),
    status: text().$type<ReviewStatus>().notNull().default("pending"),
    // The specification's roll = "head": shown among the featured teachers on the home page.
    isFeatured: boolean().notNull().default(false),
    /** The teacher's own account, once an admin links it (their routine and classes follow). */
    userId: text()
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.status, t.createdAt),
    index("teachers_featured_created_at_index").on(t.createdAt).where(sql`${t.isFeatured}`),
    index("teachers_visible_created_at_index").on(t.createdAt).where(sql`${t.status} = 'approved'`),
    index().on(t.imageFileId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Orders. Titles and prices are copied onto the items when the order is made, so an order
// keeps what was bought even if the admission changes or goes away later.

export type { OrderStatus };
// "expired": unpaid 24 hours after it was made, it can no longer be paid. "paid_after_expiry": the
// provider took the money for an expired order anyway; the office refunds or honours it by hand.
// The list lives in common/schemas/orders.ts, for the pages and the API too.
export { orderStatuses };

export const orders = pgTable(
  "orders",
  {
    id: uuid().primaryKey().defaultRandom(),
    // The school's accounts keep every order: a deleted buyer's orders stay, without their account.
    userId: text().references(() => users.id, { onDelete: "set null" }),
    status: text().$type<OrderStatus>().notNull().default("pending"),
    currency: varchar({ length: 3 }).notNull(),
    subtotalMinor: money(),
    shippingMinor: money(),
    taxMinor: money(),
    totalMinor: money(),
    provider: text().notNull(),
    // A built-in stand-in took it (the test card, the local test gateway): no money moved.
    testMode: boolean().notNull().default(false),
    providerPaymentId: text().unique(),
    // What the browser needs to pay this order's current attempt (a card flow's client secret, a
    // redirect flow's page); kept so that asking again for the same cart reuses the attempt, and
    // so that test mode can find the order it pays.
    providerClientSecret: text(),
    cardLast4: varchar({ length: 4 }),
    billingName: text(),
    billingEmail: text(),
    billingAddress: text(),
    // What the provider said of the payment: its transaction (SSLCommerz's bank_tran_id, bKash's
    // trxID, Stripe's charge), its proof of the check (val_id), how it was paid (card_type:
    // "BKASH-BKash", "VISA-Dutch Bangla") and the card number as the provider masks it.
    transactionId: text(),
    validationId: text(),
    paymentChannel: text(),
    maskedCard: text(),
    // How much of the total has been given back (server/domain/refunds.ts).
    refundedMinor: bigint({ mode: "number" }).notNull().default(0),
    // When the reconciliation job last asked the provider about this pending order.
    checkedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.createdAt), index().on(t.createdAt), index().on(t.status)],
);

export const refundStatuses = ["succeeded", "pending"] as const;

// Money given back on a paid order, whole or in part, through the provider that took it.
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountMinor: money(),
    reason: text().notNull(),
    status: text().$type<(typeof refundStatuses)[number]>().notNull(),
    providerRefundId: text(),
    // Who gave it back; the e-mail is copied so the entry stays readable after the account is gone.
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId, t.createdAt)],
);

// A provider's access token, shared by every app process so that a payment never grants its own
// (bKash: an id_token for an hour, a refresh token for 28 days).
export const providerTokens = pgTable("provider_tokens", {
  provider: text().primaryKey(),
  accessToken: text().notNull(),
  refreshToken: text(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  refreshExpiresAt: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});

export const orderItems = pgTable(
  "order_items",
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    admissionId: uuid().references(() => admissions.id, { onDelete: "set null" }),
    title: text().notNull(),
    unitPriceMinor: money(),
    quantity: integer().notNull(),
  },
  (t) => [index().on(t.orderId), index().on(t.admissionId)],
);

// ---------------------------------------------------------------------------------------------
// Tuition fees (server/domain/fees/, docs/fees.md): the heads a school charges, what each class
// pays for each head in a session and when, the late fines, each student's invoices with their
// lines, waivers, the payments the office or a provider takes and the invoices they pay, and the
// receipts' numbers, without gaps per year. Money is integer paisa.

export const feeDueKinds = ["monthly", "months", "once"] as const;
export type FeeDueKind = (typeof feeDueKinds)[number];
/** "sibling": the sibling discount of a session's rule (feeSiblingRules), made with the invoice. */
export const feeLineKinds = ["charge", "waiver", "sibling", "fine", "credit", "debit"] as const;
export type FeeLineKind = (typeof feeLineKinds)[number];
export const feeWaiverKinds = ["percent", "fixed"] as const;
export type FeeWaiverKind = (typeof feeWaiverKinds)[number];
export const feeChannels = ["cash", "cheque", "bank", "bkash", "nagad", "card"] as const;
export type FeeChannel = (typeof feeChannels)[number];

/** A head the school charges: the six every school has (tuition, session, exam, admission, transport, hostel) and its own. */
export const feeHeads = pgTable("fee_heads", {
  id: uuid().primaryKey().defaultRandom(),
  /** "tuition", "exam"... or the school's own head's, made from its name. */
  key: varchar({ length: 40 }).notNull().unique(),
  name: text().notNull(),
  nameBn: text().notNull().default(""),
  position: integer().notNull().default(0),
  createdAt: createdAt(),
});

/** What a class pays for a head in a session, and when it falls due. */
export const feeRates = pgTable(
  "fee_rates",
  {
    id: uuid().primaryKey().defaultRandom(),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id),
    headId: uuid()
      .notNull()
      .references(() => feeHeads.id),
    amountMinor: money(),
    /** monthly: every month of the session; months: the months named; once: the first month charged. */
    due: text().$type<FeeDueKind>().notNull(),
    /** The day of the month it falls due (1-28). */
    dueDay: integer().notNull().default(10),
    /** For "months": the months (1-12) it falls due in. */
    months: jsonb().$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.session, t.classId, t.headId),
    check("fee_rates_due", sql`${t.due} in ('monthly', 'months', 'once')`),
    check("fee_rates_due_day", sql`${t.dueDay} between 1 and 28`),
    check("fee_rates_amount", sql`${t.amountMinor} >= 0`),
  ],
);

/** A late fine: after day N of the invoice's month (afterDay), or after the month's end (afterDay null). */
export const feeFineBands = pgTable(
  "fee_fine_bands",
  {
    id: uuid().primaryKey().defaultRandom(),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id),
    afterDay: integer(),
    amountMinor: money(),
  },
  (t) => [
    index().on(t.session, t.classId),
    check("fee_fine_bands_day", sql`${t.afterDay} is null or ${t.afterDay} between 1 and 28`),
    check("fee_fine_bands_amount", sql`${t.amountMinor} >= 0`),
  ],
);

/**
 * What a student owes for a month ("2026-03") or a one-time head ("once:<rate id>"): one per
 * student and period, so generating twice never doubles it. Its amount is the sum of its lines.
 */
export const feeInvoices = pgTable(
  "fee_invoices",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id),
    section: text(),
    period: varchar({ length: 60 }).notNull(),
    /** The month it was made for, "2026-03": the fines count from it, the dues are in its order. */
    month: varchar({ length: 7 }).notNull(),
    dueOn: date({ mode: "string" }).notNull(),
    /** The sum of its lines (charges less waivers, plus fines and corrections). */
    totalMinor: money(),
    /** What payments have allocated to it. */
    paidMinor: bigint({ mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.registerStudentId, t.period),
    index().on(t.session, t.classId, t.month),
    index().on(t.month),
  ],
);

/**
 * The months of a session a student pays for, when not all of it: a child who joined in April is
 * charged from April (fromMonth), one who left in August until July (untilMonth, the last month).
 */
export const feeTerms = pgTable(
  "fee_terms",
  {
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    session: varchar({ length: 9 }).notNull(),
    fromMonth: varchar({ length: 7 }),
    untilMonth: varchar({ length: 7 }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.registerStudentId, t.session] })],
);

/** A waiver or scholarship: a student's head, a percentage or a fixed amount a month, from a month to a month. */
export const feeWaivers = pgTable(
  "fee_waivers",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    headId: uuid()
      .notNull()
      .references(() => feeHeads.id),
    kind: text().$type<FeeWaiverKind>().notNull(),
    /** For "percent": 1-100. */
    percent: integer(),
    /** For "fixed": paisa off each charge of the head. */
    amountMinor: bigint({ mode: "number" }),
    fromMonth: varchar({ length: 7 }).notNull(),
    /** The last month it covers; null: until taken away. */
    toMonth: varchar({ length: 7 }),
    reason: text().notNull(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.registerStudentId), check("fee_waivers_kind", sql`${t.kind} in ('percent', 'fixed')`)],
);

/** A line of an invoice: a head's charge, a waiver (negative), a fine, or a correction with its reason. */
/**
 * A session's sibling discount, when the school has switched it on: a percent off one head's
 * charges for the second child of a family and another for each later one (families are the
 * children who share a guardian's phone on the register; the eldest pays in full).
 */
export const feeSiblingRules = pgTable("fee_sibling_rules", {
  session: varchar({ length: 9 }).primaryKey(),
  headId: uuid()
    .notNull()
    .references(() => feeHeads.id),
  secondPercent: integer().notNull(),
  laterPercent: integer().notNull(),
  actorId: text().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const feeInvoiceLines = pgTable(
  "fee_invoice_lines",
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => feeInvoices.id, { onDelete: "cascade" }),
    kind: text().$type<FeeLineKind>().notNull(),
    headId: uuid().references(() => feeHeads.id),
    waiverId: uuid().references(() => feeWaivers.id, { onDelete: "set null" }),
    label: text().notNull(),
    /** Paisa, signed: a waiver or a credit is negative. */
    amountMinor: money(),
    reason: text(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.invoiceId),
    uniqueIndex().on(t.invoiceId, t.waiverId),
    check(
      "fee_invoice_lines_kind",
      sql`${t.kind} in ('charge', 'waiver', 'sibling', 'fine', 'credit', 'debit')`,
    ),
  ],
);

/** The last receipt number of a year, locked by the payment that takes the next. */
export const feeReceiptCounters = pgTable("fee_receipt_counters", {
  year: integer().primaryKey(),
  last: integer().notNull(),
});

/** Money taken against a student's dues, with its receipt; a cancelled receipt stays with its reason. */
export const feePayments = pgTable(
  "fee_payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    receiptYear: integer().notNull(),
    receiptNumber: integer().notNull(),
    channel: text().$type<FeeChannel>().notNull(),
    /** A cheque's or deposit slip's number, a wallet's transaction. */
    reference: text(),
    amountMinor: money(),
    /** The fines the payment paid, part of the amount. */
    fineMinor: bigint({ mode: "number" }).notNull().default(0),
    paidOn: date({ mode: "string" }).notNull(),
    collectorId: text().references(() => users.id, { onDelete: "set null" }),
    collectorName: text().notNull(),
    /** The order it came by, when paid online. */
    orderId: uuid().references(() => orders.id, { onDelete: "set null" }),
    /** Money it brought for months already paid meanwhile (two payers at once): the office refunds it. */
    overpaidMinor: bigint({ mode: "number" }).notNull().default(0),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.receiptYear, t.receiptNumber),
    index().on(t.registerStudentId),
    index().on(t.paidOn),
    check("fee_payments_channel", sql`${t.channel} in ('cash', 'cheque', 'bank', 'bkash', 'nagad', 'card')`),
    check("fee_payments_amount", sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Money given back on a fee payment (server/domain/fees/refunds.ts): through the provider's refund
 * (payment_refunds) when it was paid online, in cash at the office otherwise. It comes off the
 * payment's allocations, an overpayment's first, so the months it paid are owed again.
 */
export const feeRefunds = pgTable(
  "fee_refunds",
  {
    id: uuid().primaryKey().defaultRandom(),
    paymentId: uuid()
      .notNull()
      .references(() => feePayments.id, { onDelete: "cascade" }),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    amountMinor: money(),
    reason: text().notNull(),
    refundedOn: date({ mode: "string" }).notNull(),
    /** The provider's refund, when the payment came online. */
    orderRefundId: uuid().references(() => paymentRefunds.id, { onDelete: "set null" }),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.paymentId),
    index().on(t.registerStudentId),
    check("fee_refunds_amount", sql`${t.amountMinor} > 0`),
  ],
);

/** How much of a payment went to an invoice. */
export const feeAllocations = pgTable(
  "fee_allocations",
  {
    paymentId: uuid()
      .notNull()
      .references(() => feePayments.id, { onDelete: "cascade" }),
    invoiceId: uuid()
      .notNull()
      .references(() => feeInvoices.id, { onDelete: "cascade" }),
    amountMinor: money(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index().on(t.invoiceId)],
);

/**
 * A fee payment made online: the order (through the providers, like an admission's) and the
 * student whose months it pays. The payer's link to the receipt carries a key whose hash is kept
 * here, so a visitor without an account sees their receipt and no one else's.
 */
export const feeOrders = pgTable(
  "fee_orders",
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    /** sha256 of the key in the payer's link, hex. */
    keyHash: varchar({ length: 64 }).notNull(),
    /** The fee payment (and receipt) the order became once the provider confirmed it. */
    paymentId: uuid().references(() => feePayments.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.registerStudentId), uniqueIndex().on(t.paymentId)],
);

/** The invoices an online order pays, with what each owed (fine of the order's day included) when it was made. */
export const feeOrderInvoices = pgTable(
  "fee_order_invoices",
  {
    orderId: uuid()
      .notNull()
      .references(() => feeOrders.orderId, { onDelete: "cascade" }),
    invoiceId: uuid()
      .notNull()
      .references(() => feeInvoices.id, { onDelete: "cascade" }),
    amountMinor: money(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.invoiceId] }), index().on(t.invoiceId)],
);

// ---------------------------------------------------------------------------------------------
// Messages from the contact section (the dashboard inbox reads them) and the newsletter list.

export const contactFolders = ["inbox", "trash"] as const;
export type ContactFolder = (typeof contactFolders)[number];

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    email: text().notNull(),
    message: text().notNull(),
    // For the dashboard inbox: unread until an admin opens it, a star, and a trash folder.
    readAt: timestamp({ withTimezone: true }),
    starred: boolean().notNull().default(false),
    folder: text().$type<ContactFolder>().notNull().default("inbox"),
    /** The sender's address as the rate limit saw it (null when unknown). */
    ipAddress: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

export const subscribers = pgTable(
  "subscribers",
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-case, so one address subscribes once however it is typed.
    email: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check("subscribers_email_lower_case", sql`${t.email} = lower(${t.email})`)],
);

// ---------------------------------------------------------------------------------------------
// Mail the admins write from the dashboard inbox: drafts until sent, then the 'sent' folder. A
// reply points at the contact message it answers.

export const outgoingStatuses = ["draft", "sent"] as const;
export type OutgoingStatus = (typeof outgoingStatuses)[number];

export const outgoingMessages = pgTable(
  "outgoing_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull().default(""),
    subject: text().notNull().default(""),
    body: text().notNull().default(""),
    status: text().$type<OutgoingStatus>().notNull().default("draft"),
    inReplyTo: uuid().references(() => contactMessages.id, { onDelete: "set null" }),
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.status, t.updatedAt), index().on(t.inReplyTo), index().on(t.authorId)],
);

// ---------------------------------------------------------------------------------------------
// Messages to guardians (server/domain/messages/, docs/messages.md): a message an admin or a
// teacher writes, and one row per recipient that the queue (server/messages/queue-job.ts) sends
// once. A recipient is marked "sending" in a committed transaction before the gateway is called;
// one found "sending" after a restart becomes "unknown" and is never sent again. The dedupe key
// ("absence:<studentId>:<guardianId>:<date>") queues a text once, whoever asks twice.

export { messageChannels, recipientStates };

export const guardianMessages = pgTable(
  "guardian_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null for texts the school sends by itself (absence texts, results by text). */
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    text: text().notNull(),
    channel: text().$type<MessageChannel>().notNull(),
    /** Who it went to, as the author chose it: "Class Six A", "everyone", "3 children". */
    audience: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.authorId),
    check("guardian_messages_channel", sql`${t.channel} in ('sms', 'email', 'both')`),
  ],
);

export const messageRecipients = pgTable(
  "message_recipients",
  {
    id: uuid().primaryKey().defaultRandom(),
    messageId: uuid()
      .notNull()
      .references(() => guardianMessages.id, { onDelete: "cascade" }),
    /** One channel a row: a message by both makes a text row and an e-mail row. */
    channel: text().$type<"sms" | "email">().notNull(),
    /** +8801XXXXXXXXX for a text, an address for an e-mail. */
    address: text().notNull(),
    language: text().$type<"en" | "bn">().notNull().default("bn"),
    /** The text as this recipient gets it (an absence text names the child). */
    body: text().notNull(),
    registerGuardianId: uuid().references(() => registerGuardians.id, { onDelete: "set null" }),
    state: text().$type<RecipientState>().notNull().default("queued"),
    /** The gateway's id of the sent text, for its delivery report. */
    gatewayId: text(),
    /** The gateway's reason for a failure (or "interrupted" for an unknown). */
    reason: text(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    dedupeKey: text().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.state, t.nextAttemptAt),
    index().on(t.messageId),
    index().on(t.registerGuardianId),
    // A delivery report names the text by the gateway's id.
    index().on(t.gatewayId),
    check("message_recipients_channel", sql`${t.channel} in ('sms', 'email')`),
    check(
      "message_recipients_state",
      sql`${t.state} in ('queued', 'sending', 'sent', 'delivered', 'failed', 'unknown')`,
    ),
  ],
);

/**
 * Absence texts (server/domain/messages/absence-texts.ts): whether the school sends them and at
 * what time of day in Dhaka. One row (id 1); none: off, 11:00.
 */
export const absenceTextSettings = pgTable(
  "absence_text_settings",
  {
    id: integer().primaryKey().default(1),
    enabled: boolean().notNull().default(false),
    /** "11:00", on the clock in Dhaka. */
    sendAt: varchar({ length: 5 }).notNull().default("11:00"),
    updatedAt: updatedAt(),
  },
  (t) => [check("absence_text_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * The institute's site settings (docs/offline-and-dates.md): which calendars show beside the
 * Gregorian date ("none", "bangla", "hijri", "both"), the Hijri offset in days (−2..+2), and its
 * name in English and Bangla for the installed app (null: the site's brand name). One row (id 1);
 * none: no extra calendars, offset 0.
 */
export const siteSettings = pgTable(
  "site_settings",
  {
    id: integer().primaryKey().default(1),
    calendars: varchar({ length: 6 }).$type<ExtraCalendars>().notNull().default("none"),
    hijriOffset: integer().notNull().default(0),
    nameEn: varchar({ length: 120 }),
    nameBn: varchar({ length: 120 }),
    // The cart's charges (issue 41 item 7, server/domain/cart-charges.ts): the specification's
    // shipping 15 and tax 10% by default; a label left null is the site's own word.
    shippingMinor: bigint({ mode: "number" }).notNull().default(1500),
    taxBasisPoints: integer().notNull().default(1000),
    shippingLabelEn: varchar({ length: 160 }),
    shippingLabelBn: varchar({ length: 160 }),
    taxLabelEn: varchar({ length: 160 }),
    taxLabelBn: varchar({ length: 160 }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("site_settings_one_row", sql`${t.id} = 1`),
    check("site_settings_shipping", sql`${t.shippingMinor} >= 0`),
    check("site_settings_tax", sql`${t.taxBasisPoints} between 0 and 10000`),
    check("site_settings_calendars", sql`${t.calendars} in ('none', 'bangla', 'hijri', 'both')`),
    check("site_settings_hijri_offset", sql`${t.hijriOffset} between -2 and 2`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The audit trail: every create, update and delete by an admin (who, what, when). The actor's
// e-mail is copied so the entry stays readable after the account is gone.

// "disable" and "enable": an account's sign-in taken away or given back (server/domain/users.ts).
// "refund": money given back on an order (server/domain/refunds.ts).
// "publish" and "unpublish": an exam's results shown to visitors or hidden again (server/domain/exam-publishing.ts).
// "export": records downloaded from the dashboard as a file (personal details leave the site).
// "grant" and "revoke": a role given to an account or taken from it (its label names the role).
export const auditActions = [
  "create",
  "update",
  "delete",
  "disable",
  "enable",
  "refund",
  "publish",
  "unpublish",
  "export",
  "grant",
  "revoke",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntries = pgTable(
  "audit_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorEmail: text().notNull(),
    action: text().$type<AuditAction>().notNull(),
    /** What kind of record: admission, blog, ..., user, order, message. */
    subject: text().notNull(),
    subjectId: text().notNull(),
    /** A short human label (a title or a name) kept as it was at the time. */
    label: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt), index().on(t.subject, t.subjectId), index().on(t.actorId)],
);

// ---------------------------------------------------------------------------------------------
// The page cache's content generation when several app processes share PostgreSQL without
// Redis: every change to content takes the next value (server/cache/page-cache.ts).
export const pageCacheGeneration = pgSequence("page_cache_generation");

// Every stored change of a row, of content or not (an order paid by a provider's callback, a
// visitor's message, an order expired): a trigger takes the next value when its transaction
// commits (migration 0017). A signed-in person's own pages are kept by it
// (server/cache/records-generation.ts).
export const recordsGeneration = pgSequence("records_generation");

// ---------------------------------------------------------------------------------------------
// Exam results (server/domain/exams.ts and the files it names): classes, the students enrolled in a class for a
// session, exams with their subjects, the marks, and each student's graded result.

export const schoolClasses = pgTable("school_classes", {
  id: uuid().primaryKey().defaultRandom(),
  name: varchar({ length: 40 }).notNull().unique(),
  /** Sections of the class (A, B, Science...), in order; empty when it has none. */
  sections: jsonb().$type<string[]>().notNull().default([]),
  position: integer().notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const enrolments = pgTable(
  "enrolments",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** "2026", or "2025-2026". */
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id),
    section: text(),
    roll: varchar({ length: 20 }).notNull(),
    registration: varchar({ length: 20 }).notNull(),
    /** The name as it stood that session (the marksheet's); the register holds today's. */
    name: text().notNull(),
    /** The child on the register this enrolment is of: one child, one enrolment per session. */
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    /** The student's record on the public site, when there is one. */
    studentId: uuid().references(() => students.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.session, t.classId, t.roll),
    uniqueIndex().on(t.session, t.registration),
    uniqueIndex().on(t.registerStudentId, t.session),
  ],
);

export const exams = pgTable(
  "exams",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id),
    scheme: jsonb().$type<GradingScheme>().notNull(),
    /** The marksheet shows the position in class. */
    showPosition: boolean().notNull().default(true),
    /** Visitors see the exam's figures (pass rate, grades), not only staff. */
    figuresPublic: boolean().notNull().default(false),
    /** Visitors see the results from this time on; null: not published. */
    publishAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.session, t.classId), index().on(t.publishAt)],
);

export const examSubjects = pgTable(
  "exam_subjects",
  {
    id: uuid().primaryKey().defaultRandom(),
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    code: varchar({ length: 10 }).notNull(),
    name: text().notNull(),
    optional: boolean().notNull().default(false),
    position: integer().notNull(),
    components: jsonb().$type<ComponentRule[]>().notNull(),
  },
  (t) => [uniqueIndex().on(t.examId, t.code)],
);

/** One component's score; null: absent. A score not entered has no row. */
export const marks = pgTable(
  "marks",
  {
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    enrolmentId: uuid()
      .notNull()
      .references(() => enrolments.id, { onDelete: "cascade" }),
    subjectCode: varchar({ length: 10 }).notNull(),
    component: varchar({ length: 10 }).notNull(),
    score: integer(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.enrolmentId, t.subjectCode, t.component] })],
);

/**
 * Each enrolled student's graded result of an exam, kept as it is graded whenever marks or
 * subjects change: the lookup on results day reads one row, and the position in class is a
 * count over (passed, gpa, total marks).
 */
export const examResults = pgTable(
  "exam_results",
  {
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    enrolmentId: uuid()
      .notNull()
      .references(() => enrolments.id, { onDelete: "cascade" }),
    roll: varchar({ length: 20 }).notNull(),
    registration: varchar({ length: 20 }).notNull(),
    passed: boolean().notNull(),
    /** The GPA in hundredths (483 for 4.83): exact, and ordered by the index. */
    gpaHundredths: integer().notNull(),
    totalMarks: integer().notNull(),
    marksheet: jsonb().$type<Omit<Marksheet, "position" | "institute">>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.examId, t.enrolmentId] }),
    uniqueIndex().on(t.examId, t.roll),
    index().on(t.examId, t.passed, t.gpaHundredths, t.totalMarks),
  ],
);

// ---------------------------------------------------------------------------------------------
// People (server/domain/register/, server/domain/roles.ts): the school's register of students
// with their guardians, and the class-subjects each teacher is given. Roles themselves are the
// account's (users.role). The public "students" and "teachers" cards are a showcase an admin
// chooses, not the register.

export { genders, guardianRelations, registerStatuses };

/** One child the school teaches or taught; each session's class and roll is an enrolment. */
export const registerStudents = pgTable(
  "register_students",
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Lengths are checked in letters a reader sees (common/schemas), so the columns are text. */
    name: text().notNull(),
    nameBn: text().notNull().default(""),
    dateOfBirth: date({ mode: "string" }),
    /** The 17-digit birth registration number, which one child has once. */
    birthRegistration: varchar({ length: 17 }).unique(),
    gender: text().$type<Gender>(),
    status: text().$type<RegisterStatus>().notNull().default("studying"),
    /** The student's own account, once linked. */
    userId: text()
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    ...imageColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.name),
    index().on(t.imageFileId),
    check("register_students_status", sql`${t.status} in ('studying', 'left', 'graduated')`),
    check("register_students_gender", sql`${t.gender} in ('male', 'female', 'other')`),
    check("register_students_birth_registration", sql`${t.birthRegistration} ~ '^[0-9]{17}$'`),
  ],
);

/**
 * A guardian of a child as the register knows them: their phone is where a linking code goes.
 * The account is set once the guardian links it (or an admin does).
 */
export const registerGuardians = pgTable(
  "register_guardians",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    name: text().notNull().default(""),
    relation: text().$type<GuardianRelation>().notNull(),
    /** +8801XXXXXXXXX, or null when the register has no number. */
    phone: varchar({ length: 14 }),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    /** The guardian asked for no texts from the school (absence texts, notices). */
    textsOptOut: boolean().notNull().default(false),
    /** The language of the school's texts to this guardian (absence texts, fee reminders). */
    textsLanguage: text().$type<"bn" | "en">().notNull().default("bn"),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.registerStudentId),
    index().on(t.userId),
    index().on(t.phone),
    uniqueIndex().on(t.registerStudentId, t.userId),
    check("register_guardians_relation", sql`${t.relation} in ('father', 'mother', 'guardian')`),
    check("register_guardians_texts_language", sql`${t.textsLanguage} in ('bn', 'en')`),
  ],
);

/**
 * A class-subject given to a teacher's account for a session: they enter its marks (and take
 * the class's attendance). Section "" is every section of the class.
 */
export const teachingAssignments = pgTable(
  "teaching_assignments",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id, { onDelete: "cascade" }),
    section: varchar({ length: 20 }).notNull().default(""),
    /** The subject's name as the exam and the routine write it (matched without case). */
    subject: varchar({ length: 80 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("teaching_assignments_once").on(
      t.userId,
      t.session,
      t.classId,
      t.section,
      sql`lower(${t.subject})`,
    ),
    index().on(t.session, t.classId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Daily attendance (server/domain/attendance/): one mark per child of the register, day and
// period (0: the whole day). A child without a mark for a school day was present.

/**
 * A child's attendance on a day. The session, class and section are the child's enrolment's when
 * the mark was made, so that a class's month reads its own marks.
 */
export const attendanceMarks = pgTable(
  "attendance_marks",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    date: date({ mode: "string" }).notNull(),
    /** 0 for the whole day, or the routine's period number. */
    period: integer().notNull().default(0),
    status: text().$type<AttendanceStatus>().notNull(),
    session: varchar({ length: 9 }).notNull(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id, { onDelete: "cascade" }),
    /** "" for a child without a section. */
    section: text().notNull().default(""),
    /** Who marked it last (null once their account is gone). */
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("attendance_marks_once").on(t.registerStudentId, t.date, t.period),
    index().on(t.classId, t.date),
    check("attendance_marks_status", sql`${t.status} in ('present', 'absent', 'late', 'leave')`),
    check("attendance_marks_period", sql`${t.period} between 0 and 12`),
  ],
);

/**
 * Leave a guardian asks for a child (from one date to another), approved or refused by a teacher
 * of the child's class or an admin; an approval marks the school days of the range "leave".
 */
export const leaveRequests = pgTable(
  "leave_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    registerStudentId: uuid()
      .notNull()
      .references(() => registerStudents.id, { onDelete: "cascade" }),
    from: date({ mode: "string" }).notNull(),
    to: date({ mode: "string" }).notNull(),
    reason: text().notNull(),
    status: text().$type<LeaveStatus>().notNull().default("requested"),
    requestedBy: text().references(() => users.id, { onDelete: "set null" }),
    decidedBy: text().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.registerStudentId, t.from),
    index().on(t.status),
    check("leave_requests_status", sql`${t.status} in ('requested', 'approved', 'refused')`),
    check("leave_requests_range", sql`${t.to} >= ${t.from}`),
  ],
);

// ---------------------------------------------------------------------------------------------
// The class routine (server/domain/routines.ts): the institute's periods and school days, each
// class and section's week of slots, and substitute teachers for a date.

/** The institute's periods, by number: their times, and whether one is a break. */
export const routinePeriods = pgTable("routine_periods", {
  number: integer().primaryKey(),
  /** "08:00", on the institute's clock. */
  startsAt: varchar({ length: 5 }).notNull(),
  endsAt: varchar({ length: 5 }).notNull(),
  isBreak: boolean().notNull().default(false),
});

/** The school days, one row (id 1); none: Saturday to Thursday. */
export const routineSettings = pgTable(
  "routine_settings",
  {
    id: integer().primaryKey().default(1),
    days: jsonb().$type<Weekday[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("routine_settings_one_row", sql`${t.id} = 1`)],
);

/**
 * One class of a class and section's week. The unique indexes keep a teacher, and a room, in one
 * place at a time even if two saves race (the domain names the clash before that).
 */
export const routineSlots = pgTable(
  "routine_slots",
  {
    id: uuid().primaryKey().defaultRandom(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id, { onDelete: "cascade" }),
    /** "" for a class without sections. */
    section: text().notNull().default(""),
    day: text().$type<Weekday>().notNull(),
    period: integer().notNull(),
    subject: text().notNull(),
    teacherId: uuid().references(() => teachers.id, { onDelete: "set null" }),
    room: text().notNull().default(""),
  },
  (t) => [
    uniqueIndex().on(t.classId, t.section, t.day, t.period),
    uniqueIndex("routine_slots_teacher_once")
      .on(t.teacherId, t.day, t.period)
      .where(sql`${t.teacherId} is not null`),
    uniqueIndex("routine_slots_room_once").on(t.room, t.day, t.period).where(sql`${t.room} <> ''`),
  ],
);

/** Another teacher taking a class's period on one date (the routine for that date shows them). */
export const routineSubstitutes = pgTable(
  "routine_substitutes",
  {
    id: uuid().primaryKey().defaultRandom(),
    classId: uuid()
      .notNull()
      .references(() => schoolClasses.id, { onDelete: "cascade" }),
    section: text().notNull().default(""),
    date: date({ mode: "string" }).notNull(),
    period: integer().notNull(),
    teacherId: uuid()
      .notNull()
      .references(() => teachers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.classId, t.section, t.date, t.period),
    uniqueIndex().on(t.teacherId, t.date, t.period),
  ],
);

// ---------------------------------------------------------------------------------------------
// Admission applications (docs/admission-applications.md): a round per admission record, the
// guardians' applications with their documents, the orders that pay their form fees, the
// history of their statuses and the codes that let anyone check one by its number.

/** An admission's round: when it takes applications, the seats, the fee and the form. */
export const admissionRounds = pgTable(
  "admission_rounds",
  {
    id: uuid().primaryKey().defaultRandom(),
    admissionId: uuid()
      .notNull()
      .unique()
      .references(() => admissions.id, { onDelete: "cascade" }),
    /** The session (year) the children join: the first part of each application's number. */
    session: integer().notNull(),
    opensAt: timestamp({ withTimezone: true }).notNull(),
    closesAt: timestamp({ withTimezone: true }).notNull(),
    feeMinor: money(),
    decision: text().$type<DecisionMethod>().notNull(),
    /** [{class, seats, quotas: [{name, seats}], bornFrom?, bornUntil?}] */
    classes: jsonb().$type<RoundClassInput[]>().notNull(),
    documents: jsonb().$type<DocumentKind[]>().notNull(),
    fields: jsonb().$type<ExtraField[]>().notNull(),
    instructions: text().notNull().default(""),
    /** A lottery's seed (64 hex digits), published with the inputs before the draw. */
    lotterySeed: varchar({ length: 64 }),
    lotterySeedPublishedAt: timestamp({ withTimezone: true }),
    /** [{class, seats, inputs, order}]: the numbers drawn from, and the order once drawn. */
    lottery: jsonb().$type<LotteryClass[]>(),
    lotteryDrawnAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("admission_rounds_decision", sql`${t.decision} in ('test', 'lottery', 'office')`),
    check("admission_rounds_closes_after_opens", sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/** A class of a lottery: the seats drawn for, the numbers (sorted) and the order once drawn. */
export type LotteryClass = { class: string; seats: number; inputs: string[]; order: string[] | null };

export type ApplicantGuardian = {
  name: string;
  relation: GuardianRelation;
  phone: string;
  email: string;
  address: string;
};

/** A guardian's application for a child to a class of a round. */
export const admissionApplications = pgTable(
  "admission_applications",
  {
    id: uuid().primaryKey().defaultRandom(),
    roundId: uuid()
      .notNull()
      .references(() => admissionRounds.id, { onDelete: "cascade" }),
    /** The guardian's account that applies. */
    userId: text().references(() => users.id, { onDelete: "set null" }),
    className: text().notNull(),
    quota: text().notNull().default(""),
    status: text().$type<ApplicationStatus>().notNull().default("draft"),
    /** YYYY-C<class>-NNNN, given when the fee is paid. */
    number: varchar({ length: 20 }).unique(),
    childName: text().notNull().default(""),
    childNameBn: text().notNull().default(""),
    dateOfBirth: date({ mode: "string" }),
    birthRegistration: varchar({ length: 17 }),
    gender: text().$type<Gender>(),
    guardians: jsonb().$type<ApplicantGuardian[]>().notNull().default([]),
    previousInstitution: text().notNull().default(""),
    extra: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** The language texts and mail about it are written in. */
    language: varchar({ length: 2 }).notNull().default("bn"),
    submittedAt: timestamp({ withTimezone: true }),
    /** The admission test: the roll on the admit card, when and where it is sat, the marks. */
    testRoll: integer(),
    testAt: timestamp({ withTimezone: true }),
    testRoom: text(),
    marks: numeric({ precision: 7, scale: 2 }),
    /** The place in the ranking by marks or in the lottery's order (the waiting list's order). */
    place: integer(),
    /** The child in the register, once admitted. */
    registerStudentId: uuid().references(() => registerStudents.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId),
    index().on(t.roundId, t.status),
    uniqueIndex("admission_applications_test_roll").on(t.roundId, t.className, t.testRoll),
    // One child applies once per round and class.
    uniqueIndex("admission_applications_one_child").on(t.roundId, t.className, t.birthRegistration),
    check(
      "admission_applications_status",
      sql`${t.status} in ('draft', 'submitted', 'under_review', 'admit_card_issued', 'selected', 'waitlisted', 'rejected', 'admitted', 'withdrawn')`,
    ),
    check("admission_applications_birth_registration", sql`${t.birthRegistration} ~ '^[0-9]{17}$'`),
    check("admission_applications_submitted_numbered", sql`${t.status} = 'draft' or ${t.number} is not null`),
  ],
);

/** A document of an application: a photo through the image pipeline, or a PDF kept as sent. */
export const admissionDocuments = pgTable(
  "admission_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => admissionApplications.id, { onDelete: "cascade" }),
    kind: text().$type<DocumentKind>().notNull(),
    imageFileId: uuid().references(() => uploadedFiles.id, { onDelete: "set null" }),
    /** The PDF's key in the file storage. */
    fileKey: text(),
    name: text().notNull(),
    size: integer().notNull(),
    contentType: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.applicationId, t.kind), index().on(t.imageFileId)],
);

/** The order that pays an application's form fee. */
export const admissionOrders = pgTable(
  "admission_orders",
  {
    orderId: uuid()
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    applicationId: uuid()
      .notNull()
      .references(() => admissionApplications.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.applicationId)],
);

/** Every status an application has had, with who moved it and their note. */
export const admissionStatusChanges = pgTable(
  "admission_status_changes",
  {
    id: uuid().primaryKey().defaultRandom(),
    applicationId: uuid()
      .notNull()
      .references(() => admissionApplications.id, { onDelete: "cascade" }),
    fromStatus: text().$type<ApplicationStatus>(),
    toStatus: text().$type<ApplicationStatus>().notNull(),
    note: text().notNull().default(""),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.applicationId, t.createdAt)],
);

/** The last number given per year and class: numbers run without gaps. */
export const admissionNumberCounters = pgTable("admission_number_counters", {
  prefix: varchar({ length: 12 }).primaryKey(),
  last: integer().notNull().default(0),
});

/** A code sent to an application's phone for checking its status by number (hashed, short-lived). */
export const admissionStatusCodes = pgTable("admission_status_codes", {
  applicationId: uuid()
    .primaryKey()
    .references(() => admissionApplications.id, { onDelete: "cascade" }),
  codeHash: varchar({ length: 64 }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
});

// ---------------------------------------------------------------------------------------------
// Operations.

/**
 * One row per time of BACKUP_SCHEDULE: the app process that inserts it takes that backup, and the
 * others, finding the row, do not (server/backup/schedule.ts). Never part of a backup.
 */
export const scheduledBackups = pgTable("scheduled_backups", {
  dueAt: timestamp({ withTimezone: true }).primaryKey(),
  /** host:pid of the process that took it. */
  takenBy: text().notNull(),
  startedAt: createdAt(),
  finishedAt: timestamp({ withTimezone: true }),
  /** The archive written, or why it failed. */
  file: text(),
  error: text(),
});
