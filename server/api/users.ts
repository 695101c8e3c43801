// The specification's /User calls.
import { z } from "zod";
import { makeAdminInput, profileInput, userRecordInput } from "../../common/schemas/users";
import { getAdminFlag, makeAdmin, recordOwnUser, updateOwnProfile } from "../domain/users";
import { endpoint } from "./endpoint";

export const userEndpoints = [
  endpoint({
    method: "GET",
    paths: ["/User/users/:email"],
    summary: "Whether the account with this e-mail is an admin (its owner or an admin may ask)",
    params: z.object({ email: z.string().min(1).max(254) }),
    handle: ({ services, actor, params }) => getAdminFlag(services.db, actor, params.email),
  }),
  endpoint({
    method: "POST",
    paths: ["/User/users"],
    summary: "Record the signed-in user's display name after registration",
    body: userRecordInput,
    handle: ({ services, actor, body }) => recordOwnUser(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users"],
    summary: "Record the signed-in user's display name after a popup sign-in",
    body: userRecordInput,
    handle: ({ services, actor, body }) => recordOwnUser(services.db, actor, body),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/users/admin"],
    summary: "Make the account with this e-mail an admin (admins only)",
    body: makeAdminInput,
    handle: ({ services, actor, body }) => makeAdmin(services.db, actor, body.email),
  }),
  endpoint({
    method: "PUT",
    paths: ["/User/updated"],
    summary: "Save the signed-in user's profile",
    body: profileInput,
    handle: ({ services, actor, body }) => updateOwnProfile(services.db, actor, body),
  }),
];
