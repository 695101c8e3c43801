// What the REST answers look like on the wire, as zod schemas: the OpenAPI document shows them
// (server/api/openapi.ts) and the API tests check every answer against it, so a field that is
// added, dropped or retyped on one side only fails a test. Objects are strict: an answer with a
// field the document does not name is a drift too.
import { z } from "zod";
import { auditSubjects } from "../../common/audit";
import { classOptions } from "../../common/classes";
import { roles } from "../../common/people";
import { inboxFolders } from "../../common/schemas/inbox";
import { paymentProviderNames } from "../../common/schemas/orders";
import { auditActions, orderStatuses, reviewStatuses } from "../db/schema";
import type { JsonSchema } from "./endpoint";

/** A class, as request bodies take it: the list's values, in any capitalisation, or empty for none. */
export const classNameDoc: JsonSchema = {
  type: "string",
  enum: ["", ...classOptions],
  description: "The class (any capitalisation; empty for none)",
};

/** A field that only some callers see: left out (not null) for the others. */
const seenBy = <S extends z.ZodType>(schema: S, who: string) =>
  schema.optional().meta({ description: `Only for ${who}; left out for everyone else` });

// The pieces every answer is made of; the kinds of content's own answers are in their server
// parts (server/domain/<kind>.ts's `rest`), or made from their tables (server/api/kind-rest.ts).
export const id = z.uuid();
/** Better Auth's user ids are random text, not UUIDs. */
export const userId = z.string().min(1);
export const timestamp = z.iso.datetime({ offset: true });
export const email = z.email();
/** A link to an image: absolute (http, https) or on this site (/files/...). */
const imageUrl = z.string().min(1);

export const imageView = z.strictObject({
  url: imageUrl,
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  srcset: z.string().optional(),
  fallbackUrl: z.string().optional(),
});

export const reviewStatusWire = z.enum(reviewStatuses);

/** The image fields every kind of content carries: a URL, and the sizes of an upload. */
export const imageFields = (name: string) => ({
  [name]: imageUrl.nullable(),
  imageSet: imageView.nullable().meta({ description: "The stored image's size and other widths (srcset)" }),
});

// The earlier server's acknowledgements (MongoDB's), kept by the specification.
export const inserted = z.strictObject({ acknowledged: z.literal(true), insertedId: id });
export const changed = z.strictObject({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export const deleted = z.strictObject({ acknowledged: z.literal(true), deletedCount: z.number().int() });

// --- users -------------------------------------------------------------------------------------

export const userListItem = z.strictObject({
  id: z.string().meta({ description: "The account's id, for the role and teaching calls" }),
  name: z.string(),
  email: email.nullable().meta({ description: "None for an account made with a phone number" }),
  phoneNumber: z.string().nullable().meta({ description: "The verified mobile number, +8801XXXXXXXXX" }),
  role: z.enum(["admin", "user"]),
  roles: z.array(z.enum(roles)).meta({ description: "Every role the account holds; none for a plain user" }),
  disabled: z.boolean().meta({ description: "A disabled account cannot sign in until an admin enables it" }),
  createdAt: timestamp,
});
export const accountRoles = z.strictObject({
  id: z.string(),
  email,
  roles: z.array(z.enum(roles)),
  changed: z.boolean().meta({ description: "false when the account held (or lacked) the role already" }),
});
export const adminFlag = z.strictObject({ admin: z.boolean() });
export const photoChanged = z.strictObject({
  acknowledged: z.literal(true),
  photoURl: z.string().nullable(),
});

// --- contact -----------------------------------------------------------------------------------

export const subscribed = z.strictObject({
  acknowledged: z.literal(true),
  insertedId: id.nullable().meta({ description: "null when the address was already on the list" }),
  alreadySubscribed: z.boolean(),
});

// --- audit -------------------------------------------------------------------------------------

export const auditEntry = z.strictObject({
  id,
  createdAt: timestamp,
  actorId: userId.nullable(),
  actorEmail: z.string(),
  action: z.enum(auditActions),
  subject: z.enum(auditSubjects),
  subjectId: z.string(),
  label: z.string(),
  exists: z.boolean().meta({ description: "Whether the record is still there" }),
});

// --- inbox -------------------------------------------------------------------------------------

export const inboxListItem = z.strictObject({
  id,
  kind: z.enum(["received", "sent", "draft"]),
  name: z.string().nullable(),
  email: z.string(),
  subject: z.string().nullable(),
  preview: z.string(),
  date: timestamp,
  unread: z.boolean(),
  starred: z.boolean(),
  inTrash: z.boolean(),
});

const receivedMessage = z.strictObject({
  id,
  kind: z.literal("received"),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  date: timestamp,
  readAt: timestamp.nullable(),
  starred: z.boolean(),
  folder: z.enum(["inbox", "trash"]),
  replies: z.array(
    z.strictObject({ id, status: z.enum(["sent", "draft"]), subject: z.string(), date: timestamp }),
  ),
});

const writtenMessage = z.strictObject({
  id,
  kind: z.enum(["sent", "draft"]),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  inReplyTo: id.nullable(),
  author: z.strictObject({ name: z.string(), email: z.string() }).nullable(),
  sentAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const inboxMessage = z.union([receivedMessage, writtenMessage]);

const folderCount = z.strictObject({ total: z.number().int(), unread: z.number().int() });
export const inboxCounts = z.strictObject(
  Object.fromEntries(inboxFolders.map((folder) => [folder, folderCount])) as Record<
    (typeof inboxFolders)[number],
    typeof folderCount
  >,
);

export const written = z.strictObject({
  acknowledged: z.literal(true),
  insertedId: id,
  status: z.enum(["sent", "draft"]),
});

/** An error's common fields (server/api/errors.ts errorBody), for answers that add their own. */
const problemWire = z.strictObject({
  key: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
const errorFields = {
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  key: z.string(),
  params: problemWire.shape.params,
  fieldKeys: z.record(z.string(), problemWire).optional(),
};

export const mailFailedError = z.strictObject({
  error: z.strictObject({ code: z.literal("mail_failed"), ...errorFields, draftId: id }),
});

// --- orders ------------------------------------------------------------------------------------

const minor = z.number().int().meta({ description: "Minor units (cents, paisa)" });
const major = z.number().meta({ description: "Major units (120.5)" });
const currency = z.string().regex(/^[A-Z]{3}$/);

export const totalsWire = z.strictObject({
  subtotalMinor: minor,
  shippingMinor: minor,
  taxMinor: minor,
  totalMinor: minor,
  subtotal: major,
  shipping: major,
  tax: major,
  total: major,
});

const chargeLabel = (what: string) =>
  z
    .string()
    .nullable()
    .meta({ description: `${what}; null: the site's own word` });

/** The cart's shipping and tax as the institute set them (server/domain/cart-charges.ts). */
export const cartChargesWire = z.strictObject({
  shippingMinor: minor.meta({ description: "Shipping added to a cart above zero, in minor units; 0: none" }),
  taxPercent: z
    .number()
    .min(0)
    .max(100)
    .meta({ description: "Tax on subtotal + shipping, in percent (7.5); 0: none" }),
  shippingLabelEn: chargeLabel("The shipping's name in English"),
  shippingLabelBn: chargeLabel("The shipping's name in Bangla"),
  taxLabelEn: chargeLabel("The tax's name in English"),
  taxLabelBn: chargeLabel("The tax's name in Bangla"),
});

export const quoteWire = z.strictObject({
  lines: z.array(
    z.strictObject({
      admissionId: id,
      title: z.string(),
      unitPriceMinor: minor,
      quantity: z.number().int().min(1),
      image: imageView.nullable(),
      unitPrice: major,
      lineTotalMinor: minor,
    }),
  ),
  missing: z.array(z.string()).meta({ description: "Cart ids with no admission behind them" }),
  totals: totalsWire,
  charges: cartChargesWire,
  currency,
});

export const paymentIntentWire = z.strictObject({
  clientSecret: z.string().nullable().meta({
    description: "The card flow (stripe, test): what the browser pays with; null for redirect providers",
  }),
  redirectUrl: z
    .string()
    .nullable()
    .meta({ description: "The redirect flow (sslcommerz, bkash): send the buyer here; null for cards" }),
  orderId: id,
  amount: major,
  amountMinor: minor,
  currency,
  provider: z.enum(paymentProviderNames),
  testMode: z.boolean().meta({ description: "A built-in stand-in takes it: no money moves" }),
  publishableKey: z.string().nullable(),
  totals: totalsWire,
});

export const refundWire = z.strictObject({
  id,
  amountMinor: minor,
  amount: major,
  reason: z.string(),
  status: z.enum(["succeeded", "pending"]),
  providerRefundId: z.string().nullable(),
  createdAt: timestamp,
});

export const refundAnswerWire = z.strictObject({
  refund: refundWire,
  refundedMinor: minor,
  refunded: major,
  status: z.enum(orderStatuses),
});

export const totalChangedError = z.strictObject({
  error: z.strictObject({ code: z.literal("conflict"), ...errorFields, totals: totalsWire, currency }),
});

export const orderWire = z.strictObject({
  id,
  status: z.enum(orderStatuses),
  currency,
  subtotalMinor: minor,
  shippingMinor: minor,
  taxMinor: minor,
  totalMinor: minor,
  provider: z.string(),
  testMode: z.boolean(),
  providerPaymentId: z.string().nullable(),
  transactionId: z.string().nullable().meta({
    description: "The provider's transaction: bank_tran_id (SSLCommerz), trxID (bKash), the charge (Stripe)",
  }),
  paymentChannel: z
    .string()
    .nullable()
    .meta({ description: 'How it was paid: "BKASH-BKash", "VISA-Dutch Bangla"...' }),
  maskedCard: z.string().nullable(),
  refundedMinor: minor,
  refunded: major,
  refunds: z.array(refundWire),
  cardLast4: z.string().nullable(),
  billingName: z.string().nullable(),
  billingEmail: z.string().nullable(),
  billingAddress: z.string().nullable(),
  paidAt: timestamp.nullable(),
  createdAt: timestamp,
  items: z.array(
    z.strictObject({
      title: z.string(),
      unitPriceMinor: minor,
      quantity: z.number().int(),
      admissionId: id.nullable().meta({ description: "null when the admission was deleted since" }),
      unitPrice: major,
    }),
  ),
  buyer: seenBy(z.strictObject({ name: z.string(), email: z.string() }), "admins"),
  paidTwiceWith: seenBy(z.array(id), "accountants and admins, when there are some").meta({
    description:
      "The other paid orders of the same account for an admission of this paid order (one of them may be refunded); " +
      "only for accountants and admins, and only when there are some",
  }),
  subtotal: major,
  shipping: major,
  tax: major,
  total: major,
});

export const paymentRecorded = inserted;
export const testPaymentWire = z.strictObject({
  status: z.literal("succeeded"),
  orderId: id,
  last4: z.string(),
});

// --- the photo gallery ---------------------------------------------------------------------------

export const albumPhotoWire = z.strictObject({
  _id: id,
  caption: z.string(),
  position: z.number().int().meta({ description: "The photo's place in its album (smallest first)" }),
  ...imageFields("image"),
  page: z.string().meta({ description: "The photo's own page on the site" }),
});

export const albumWire = z.strictObject({
  _id: id,
  title: z.string(),
  description: z.string(),
  heldOn: timestamp.meta({ description: "The album's date" }),
  coverPhotoId: id.nullable().meta({ description: "The chosen cover; null: the first photo is the cover" }),
  cover: albumPhotoWire
    .nullable()
    .meta({ description: "The photo shown for the album (null: no photos yet)" }),
  photoCount: z.number().int(),
  date: timestamp,
});

export const albumWithPhotosWire = albumWire.extend({
  photos: z.array(albumPhotoWire).meta({ description: "The album's photos, in order" }),
});
