// Messages to guardians (docs/messages.md): what a message would take before it is sent, sending
// it (queued; the queue in the server sends it), the messages written with their recipients'
// states, and a guardian's own opt-out of texts. Admins write to anyone; teachers to the
// guardians of the classes they teach.
import { z } from "zod";
import { uuidPattern } from "../../common/ids";
import {
  absenceTextSettingsInput,
  feeReminderInput,
  guardianTextsInput,
  messageChannels,
  messageInput,
  recipientStates,
  textLanguages,
} from "../../common/schemas/guardian-messages";
import { readAbsenceTextSettingsAs, saveAbsenceTextSettings } from "../domain/messages/absence-texts";
import { previewFeeReminders, sendFeeReminders } from "../domain/messages/fee-reminders";
import {
  listMessages,
  type MessagePreview,
  previewMessage,
  recipientsOf,
  sendMessage,
  sendUnknownAgain,
  setGuardianTexts,
} from "../domain/messages/write";
import { Answer, endpoint } from "./endpoint";

const tag = "Messages";

const previewWire = z.strictObject({
  guardians: z.number().int().meta({ description: "Guardians the message reaches" }),
  texts: z.number().int().meta({ description: "Texts: one per phone number, none to those who opted out" }),
  emails: z.number().int(),
  segments: z.number().int().meta({ description: "Parts each text is sent as (GSM-7 160/153, UCS-2 70/67)" }),
  encoding: z.enum(["GSM-7", "UCS-2"]),
  characters: z.number().int(),
  gateway: z.string(),
  balance: z
    .string()
    .nullable()
    .meta({ description: "The gateway's balance as it writes it; null when it does not tell" }),
});
const previewToWire = (p: MessagePreview) => ({
  guardians: p.guardians,
  texts: p.texts,
  emails: p.emails,
  segments: p.segments,
  encoding: p.encoding,
  characters: p.characters,
  gateway: p.gateway,
  balance: p.balance,
});

const reminderWire = z.strictObject({
  children: z.number().int().meta({ description: "Children with dues whose guardians get a text" }),
  texts: z.number().int().meta({ description: "One per guardian with a number who has not opted out" }),
  segments: z
    .number()
    .int()
    .meta({ description: "Parts of the longest text (Bangla as UCS-2: 70, 67 a part)" }),
  encoding: z.enum(["GSM-7", "UCS-2"]),
});

const stateCounts = z.strictObject(
  Object.fromEntries(recipientStates.map((s) => [s, z.number().int().optional()])),
);

export const messageEndpoints = [
  endpoint({
    method: "POST",
    paths: ["/messages/preview"],
    summary:
      "What a message to guardians would take, before it is sent: its parts per text, the guardians, texts and " +
      "e-mails, and the gateway's balance",
    tag,
    access: "teacher or admin",
    readOnly: true,
    body: messageInput,
    response: previewWire,
    errors: { "403": "A teacher writing to a class they do not teach" },
    handle: async ({ services, actor, body }) =>
      previewToWire(await previewMessage(services.db, actor, body, services.smsGateway)),
  }),
  endpoint({
    method: "POST",
    paths: ["/messages"],
    summary:
      "Send a message to the guardians of every child, a class, a section or some children, by text, e-mail or " +
      "both: each number and address is queued once and sent by the queue",
    tag,
    access: "teacher or admin",
    body: messageInput,
    status: 201,
    response: previewWire.extend({ _id: z.string() }),
    errors: {
      "403": "A teacher writing to a class they do not teach",
      "400": "No guardian it reaches has a number or an address",
    },
    handle: async ({ services, actor, body }) => {
      const sent = await sendMessage(services.db, actor, body, services.smsGateway);
      return new Answer({ ...previewToWire(sent), _id: sent.id }, {}, 201);
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/messages"],
    summary:
      "The messages written, newest first, with how many recipients are in each state (a teacher: their own)",
    tag,
    access: "teacher or admin",
    response: z.array(
      z.strictObject({
        _id: z.string(),
        text: z.string(),
        channel: z.enum(messageChannels),
        audience: z.string(),
        author: z.string().nullable().meta({ description: "null for texts the school sends by itself" }),
        createdAt: z.string(),
        states: stateCounts,
      }),
    ),
    handle: async ({ services, actor }) =>
      (await listMessages(services.db, actor)).map((m) => ({
        _id: m.id,
        text: m.text,
        channel: m.channel,
        audience: m.audience,
        author: m.author,
        createdAt: m.createdAt.toISOString(),
        states: m.states,
      })),
  }),
  endpoint({
    method: "GET",
    paths: ["/messages/:id/recipients"],
    summary: "A message's recipients, each with its state and the gateway's reason for a failure",
    tag,
    access: "teacher or admin",
    params: z.strictObject({ id: z.string().regex(uuidPattern) }),
    response: z.array(
      z.strictObject({
        channel: z.enum(["sms", "email"]),
        address: z.string(),
        state: z.enum(recipientStates),
        reason: z.string().nullable(),
        attempts: z.number().int(),
        updatedAt: z.string(),
      }),
    ),
    errors: { "404": "No such message (or another teacher's)" },
    handle: async ({ services, actor, params }) =>
      (await recipientsOf(services.db, actor, params.id)).map((r) => ({
        ...r,
        updatedAt: r.updatedAt.toISOString(),
      })),
  }),
  endpoint({
    method: "POST",
    paths: ["/messages/:id/send-unknown-again"],
    summary:
      "Queue again a message's recipients whose state is unknown (the server stopped while sending: " +
      "the gateway may have the text). An admin's decision after checking the gateway's report; audited",
    tag,
    access: "admin",
    params: z.strictObject({ id: z.string().regex(uuidPattern) }),
    response: z.strictObject({ queued: z.number().int().nonnegative() }),
    errors: { "404": "No such message" },
    handle: ({ services, actor, params }) => sendUnknownAgain(services.db, actor, params.id),
  }),
  endpoint({
    method: "PUT",
    paths: ["/register/guardians/:id/texts"],
    summary:
      "Stop (optOut true) or start again the school's texts to a guardian of the register, or choose " +
      "their language (bn or en): by the guardian linked to it, or an admin",
    tag,
    access: "owner or admin",
    params: z.strictObject({ id: z.string().regex(uuidPattern) }),
    body: guardianTextsInput,
    response: z.strictObject({ optOut: z.boolean(), language: z.enum(textLanguages) }),
    errors: { "403": "Another guardian's", "404": "No such guardian" },
    handle: ({ services, actor, params, body }) => setGuardianTexts(services.db, actor, params.id, body),
  }),
  endpoint({
    method: "GET",
    paths: ["/messages/absence-texts"],
    summary: "Whether absence texts are sent, and at what time of day in Dhaka",
    tag,
    access: "admin",
    response: absenceTextSettingsInput,
    handle: ({ services, actor }) => readAbsenceTextSettingsAs(services.db, actor),
  }),
  endpoint({
    method: "PUT",
    paths: ["/messages/absence-texts"],
    summary:
      "Turn absence texts on or off and set their time (HH:MM in Dhaka): each guardian of a child absent for " +
      "the whole day gets one text at that time",
    tag,
    access: "admin",
    body: absenceTextSettingsInput,
    response: absenceTextSettingsInput,
    handle: ({ services, actor, body }) => saveAbsenceTextSettings(services.db, actor, body),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/reminders/preview"],
    summary: "What a reminder of fee dues would send (every class, or one): children, texts and their parts",
    tag,
    access: "accountant or admin",
    readOnly: true,
    body: feeReminderInput,
    response: reminderWire,
    errors: { "400": "No such class" },
    handle: ({ services, actor, body }) =>
      previewFeeReminders(services.db, actor, body, services.config.instituteName),
  }),
  endpoint({
    method: "POST",
    paths: ["/fees/reminders"],
    summary:
      "Remind the guardians of children with fee dues (every class, or one) by text: one per guardian per " +
      "child per month, naming the months and the amount",
    tag,
    access: "accountant or admin",
    body: feeReminderInput,
    status: 201,
    response: reminderWire.extend({
      queued: z.number().int().meta({ description: "Texts queued now (those sent this month are left out)" }),
    }),
    errors: { "400": "No such class" },
    handle: async ({ services, actor, body }) =>
      new Answer(await sendFeeReminders(services.db, actor, body, services.config.instituteName), {}, 201),
  }),
];
