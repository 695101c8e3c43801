// Messages to guardians (docs/messages.md): who they go to, how, and the text; shared by the
// dashboard's form and the REST API.
import { z } from "zod";
import { issue } from "../errors/problem";
import { requiredText } from "./fields";

export const messageChannels = ["sms", "email", "both"] as const;
export type MessageChannel = (typeof messageChannels)[number];
export const recipientStates = ["queued", "sending", "sent", "delivered", "failed", "unknown"] as const;
export type RecipientState = (typeof recipientStates)[number];
export const audienceKinds = ["everyone", "class", "section", "children", "dues"] as const;
export type AudienceKind = (typeof audienceKinds)[number];

/** A message's longest text: about 15 Bangla parts, 6 in English. */
export const messageMaxLetters = 1000;

const className = z
  .string({ error: issue("value.text") })
  .trim()
  .min(1, issue("value.required"))
  .max(40, issue("value.tooLong", { max: 40 }));
const sectionName = z
  .string({ error: issue("value.text") })
  .trim()
  .min(1, issue("value.required"))
  .max(20, issue("value.tooLong", { max: 20 }));

export const messageAudience = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("everyone") }),
    z.strictObject({ kind: z.literal("class"), class: className }),
    z.strictObject({ kind: z.literal("section"), class: className, section: sectionName }),
    z.strictObject({
      kind: z.literal("children"),
      children: z
        .array(z.uuid({ error: issue("value.text") }))
        .min(1, issue("value.required"))
        .max(500),
    }),
    // The guardians of children with fee dues (admins only).
    z.strictObject({ kind: z.literal("dues") }),
  ],
  { error: issue("value.required") },
);
export type MessageAudience = z.output<typeof messageAudience>;

export const messageInput = z.strictObject({
  audience: messageAudience,
  channel: z.enum(messageChannels, { error: issue("value.required") }),
  text: requiredText("message", messageMaxLetters, "many"),
});
export type MessageInput = z.output<typeof messageInput>;

/** The languages a guardian's texts from the school come in. */
export const textLanguages = ["bn", "en"] as const;
export type TextLanguage = (typeof textLanguages)[number];

/**
 * A guardian's own choices for the school's texts (notices, absence texts, fee reminders): none
 * at all, and their language. Either or both.
 */
export const guardianTextsInput = z
  .strictObject({
    optOut: z.boolean({ error: issue("value.required") }).optional(),
    language: z.enum(textLanguages, { error: issue("value.required") }).optional(),
  })
  .refine((choice) => choice.optOut !== undefined || choice.language !== undefined, {
    path: ["optOut"],
    error: issue("value.required"),
  });
export type GuardianTextsInput = z.output<typeof guardianTextsInput>;

/** Absence texts: on or off, and the time of day in Dhaka they are sent ("11:00"). */
export const absenceTextSettingsInput = z.strictObject({
  enabled: z.boolean({ error: issue("value.required") }),
  sendAt: z.string({ error: issue("value.text") }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, issue("value.time")),
});
export type AbsenceTextSettings = z.output<typeof absenceTextSettingsInput>;

/** A reminder of fee dues to guardians: every class, or one. */
export const feeReminderInput = z.strictObject({ class: className.optional() });
export type FeeReminderInput = z.output<typeof feeReminderInput>;
