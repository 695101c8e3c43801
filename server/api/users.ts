// The specification's /User calls.
import { z } from "zod";
import { accountRoleParams } from "../../common/schemas/people";
import { makeAdminInput, profileInput, userRecordInput } from "../../common/schemas/users";
import { sendAddedEmailAgain, waitingEmail } from "../domain/added-email";
import { listQuery } from "../domain/content/collection";
import { setOwnPhoto, updateOwnProfile } from "../domain/profile";
import {
  deleteUser,
  disableUser,
  enableUser,
  getAdminFlag,
  listUsers,
  makeAdmin,
  recordOwnUser,
  removeAdmin,
  setRole,
} from "../domain/users";
import { Answer, endpoint } from "./endpoint";
import { toJsonSchema } from "./openapi";
import {
  accountRoles,
  adminFlag,
  changed,
  classNameDoc,
  deleted,
  photoChanged,
  userListItem,
} from "./wire-schemas";

const profileDoc = toJsonSchema(profileInput);
profileDoc.properties = { ...profileDoc.properties, className: classNameDoc };

/** An address a phone account added, waiting for its owner to open the mailed link. */
const waitingEmailWire = z.strictObject({
  email: z.string().meta({ description: "The address added, not the account's until confirmed" }),
  expiresAt: z.iso.datetime().meta({ description: "When the newest link mailed to it stops working" }),
});
const waitingToWire = (waiting: { email: string; expiresAt: Date }) => ({
  email: waiting.email,
  expiresAt: waiting.expiresAt.toISOString(),
});

const photoBody = z.object({
  photoURl: z.string({ error: "Photo link must be text" }).optional(),
  image: z.string({ error: "Photo link must be text" }).optional(),
});

export const userEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/User/users"],
    summary: "Every account, newest first, with its role (q searches name and e-mail; X-Total-Count)",
    tag: "Users",
    access: "admin",
    query: listQuery,
    response: z.array(userListItem),
    responseHeaders: ["X-Total-Count"],
    handle: async ({ services, actor, query }) => {
      const { items, total } = await listUsers(services.db, actor, query);
      return new Answer(items, { "X-Total-Count": String(total) });
    },
  }),
  endpoint({
    method: "GET",
    paths: ["/User/users/:email"],
    summary: "Whether the account with this e-mail is an admin",
    tag: "Users",
    access: "owner or admin",
    params: z.object({ email: z.string().min(1).max(254) }),
    response: adminFlag,
    handle: ({ services, actor, params }) => getAdminFlag(services.db, actor, params.email),
  }),
  endpoint({
    method: "POST",
    paths: ["/User/users"],
    summary: "Record the signed-in user's display name after registration",
    tag: "Users",
    access: "signed-in user",
    body: userRecordInput,
    response: changed,
    handle: ({ services, actor, body }) => recordOwnUser(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users"],
    summary: "Record the signed-in user's display name after a popup sign-in",
    tag: "Users",
    access: "signed-in user",
    body: userRecordInput,
    response: changed,
    handle: ({ services, actor, body }) => recordOwnUser(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users/admin"],
    summary: "Make the account with this e-mail an admin",
    tag: "Users",
    access: "admin",
    body: makeAdminInput,
    response: changed,
    errors: { "404": "No account has this e-mail" },
    handle: ({ services, actor, body }) => makeAdmin(services.db, actor, body.email),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users/removeAdmin"],
    summary: "Take the admin role from the account with this e-mail (never from the last admin)",
    tag: "Users",
    access: "admin",
    body: makeAdminInput,
    response: changed,
    errors: { "404": "No account has this e-mail", "409": "There must always be at least one admin" },
    handle: ({ services, actor, body }) => removeAdmin(services.db, actor, body.email),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users/disable"],
    summary: "Disable the account with this e-mail: it cannot sign in and its sessions end (not one's own)",
    tag: "Users",
    access: "admin",
    body: makeAdminInput,
    response: changed,
    errors: { "404": "No account has this e-mail", "409": "You cannot disable or delete your own account" },
    handle: ({ services, actor, body }) => disableUser(services.db, actor, body.email),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users/enable"],
    summary: "Let a disabled account sign in again",
    tag: "Users",
    access: "admin",
    body: makeAdminInput,
    response: changed,
    errors: { "404": "No account has this e-mail", "409": "You cannot disable or delete your own account" },
    handle: ({ services, actor, body }) => enableUser(services.db, actor, body.email),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/User/users/:email"],
    summary:
      'Delete the account with this e-mail (not one\'s own). Its comments and blogs stay under "a former user"; its orders stay',
    tag: "Users",
    access: "admin",
    params: makeAdminInput,
    response: deleted,
    errors: { "404": "No account has this e-mail", "409": "You cannot disable or delete your own account" },
    handle: ({ services, actor, params }) => deleteUser(services.db, actor, params.email),
  }),
  endpoint({
    method: "PUT",
    paths: ["/users/:id/roles/:role"],
    summary:
      "Give the account (by its id, of GET /User/users) a role: admin, teacher, accountant, guardian or student. " +
      "An account may hold several; the change is in the audit trail",
    tag: "Users",
    access: "admin",
    params: accountRoleParams,
    response: accountRoles,
    errors: { "404": "No such account" },
    handle: ({ services, actor, params }) =>
      setRole(services.db, actor, { id: params.id }, params.role, true),
  }),
  endpoint({
    method: "DELETE",
    paths: ["/users/:id/roles/:role"],
    summary:
      "Take a role from the account (never the admin role from the last admin who can sign in); audited",
    tag: "Users",
    access: "admin",
    params: accountRoleParams,
    response: accountRoles,
    errors: { "404": "No such account", "409": "There must always be at least one admin" },
    handle: ({ services, actor, params }) =>
      setRole(services.db, actor, { id: params.id }, params.role, false),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/updated"],
    summary: "Save the signed-in user's profile",
    tag: "Users",
    access: "signed-in user",
    body: profileInput,
    bodyDoc: profileDoc,
    response: changed,
    handle: ({ services, actor, body }) =>
      updateOwnProfile(
        {
          db: services.db,
          images: services.images,
          mailing: { mail: services.mail, logger: services.logger, publicUrl: services.config.publicUrl },
        },
        actor,
        body,
      ),
  }),
  endpoint({
    method: "GET",
    paths: ["/User/added-email"],
    summary:
      "The e-mail address the signed-in phone account added that waits for its confirmation (the link mailed to it), or null",
    tag: "Users",
    access: "signed-in user",
    response: waitingEmailWire.nullable(),
    noStore: true,
    handle: async ({ services, actor }) => {
      const waiting = await waitingEmail(services.db, actor);
      return waiting && waitingToWire(waiting);
    },
  }),
  endpoint({
    method: "POST",
    paths: ["/User/added-email/resend"],
    summary:
      "Mail the waiting address a new confirmation link (older links stop working); 3 an hour per account",
    tag: "Users",
    access: "signed-in user",
    rateLimited: true,
    response: waitingEmailWire,
    errors: { "404": "No address waits for its confirmation" },
    handle: async ({ services, actor }) =>
      waitingToWire(
        await sendAddedEmailAgain(
          {
            db: services.db,
            mail: services.mail,
            logger: services.logger,
            publicUrl: services.config.publicUrl,
          },
          actor,
        ),
      ),
  }),
  endpoint({
    method: "POST",
    paths: ["/User/photo"],
    summary:
      'Change the signed-in user\'s photo: an image file `image` (multipart), or a link `photoURl` ("" removes it)',
    tag: "Users",
    access: "signed-in user",
    body: photoBody,
    acceptsFiles: true,
    fileFields: ["image"],
    response: photoChanged,
    errors: { "413": "The image is too large", "415": "Not a JPEG, PNG, WebP or AVIF image" },
    handle: ({ services, actor, body, files }) =>
      setOwnPhoto(
        { db: services.db, images: services.images },
        actor,
        files.image ? { file: files.image } : { link: body.photoURl ?? body.image },
      ),
  }),
];
