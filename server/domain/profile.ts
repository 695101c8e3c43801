// The signed-in user's own profile: what the profile pages show, the form's update
// (PUT /User/updated) and the photo (an upload through the image pipeline, or a link).
// A replaced photo that the user uploaded is deleted from storage, unless content uses it.

import { and, eq, sql } from "drizzle-orm";
import { problem, problemOfIssue } from "../../common/errors/problem";
import { isPlaceholderEmail, shownEmail } from "../../common/phone-accounts";
import { type ProfileInput, photoLink } from "../../common/schemas/users";
import { shownLink } from "../../common/text-rules";
import type { Database } from "../db/client";
import { comments, uploadedFiles, users } from "../db/schema";
import { type Actor, requireUser, type SignedInActor } from "./actor";
import { type AddedEmailDeps, askToAddEmail } from "./added-email";
import type { ContentContext, ImageInput } from "./content/collection";
import { DomainError } from "./errors";
import { tablesWithImages } from "./kinds";
import type { UpdateAnswer } from "./users";

export type Profile = {
  /** None for a phone account until one is given (its placeholder is never shown). */
  email: string | null;
  displayName: string;
  photoUrl: string | null;
  about: string | null;
  contactNumber: string | null;
  className: string | null;
  rollNumber: string | null;
  /** Set by phone verification only (Better Auth's phone number plugin). */
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
};

export async function getOwnProfile(db: Database, actor: Actor): Promise<Profile> {
  const user = requireUser(actor);
  const [row] = await db.select().from(users).where(eq(users.id, user.id)).limit(1);
  if (!row) throw new DomainError("unauthorized", problem("auth.signInFirst"));
  return {
    email: shownEmail(row.email),
    displayName: row.name,
    // A photo that breaks the rules (stored before them) is not shown.
    photoUrl: shownLink(row.image),
    about: row.about,
    contactNumber: row.contactNumber,
    className: row.className,
    rollNumber: row.rollNumber,
    phoneNumber: row.phoneNumber,
    phoneNumberVerified: Boolean(row.phoneNumber && row.phoneNumberVerified),
  };
}

/**
 * PUT /User/updated and the profile form: the user's own profile. The e-mail is shown, never
 * changed here; a phone account's added address is mailed a confirmation link (`mailing`) and
 * becomes the account's only once it is opened (added-email.ts).
 */
export async function updateOwnProfile(
  ctx: ContentContext & { mailing: Omit<AddedEmailDeps, "db"> },
  actor: Actor,
  input: ProfileInput,
): Promise<UpdateAnswer> {
  const user = requireUser(actor);
  // A phone account may add an address once (it then signs in either way); any other stays.
  const addsEmail = isPlaceholderEmail(user.email) && Boolean(input.email);
  if (!addsEmail && input.email && input.email.toLowerCase() !== user.email.toLowerCase()) {
    throw new DomainError("invalid", problem("account.emailFixed"), {
      email: problem("account.emailFixed"),
    });
  }
  if (addsEmail && input.email) {
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .limit(1);
    if (taken)
      throw new DomainError("conflict", problem("auth.userExists"), { email: problem("auth.userExists") });
  }
  const changes = {
    name: input.displayName,
    image: input.photoURl === undefined ? undefined : input.photoURl || null,
    about: input.about,
    contactNumber: input.number,
    className: input.className === undefined ? undefined : input.className || null,
    rollNumber: input.rollNumber,
  };
  // Kept as the placeholder until the address's owner opens the link: nothing is mailed there before.
  if (addsEmail && input.email) await askToAddEmail({ db: ctx.db, ...ctx.mailing }, user, input.email);
  const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(defined).length === 0)
    return { acknowledged: true, matchedCount: 1, modifiedCount: addsEmail ? 1 : 0 };
  const before = await getOwnProfile(ctx.db, actor);
  await ctx.db.update(users).set(defined).where(eq(users.id, user.id));
  const after = await getOwnProfile(ctx.db, actor);
  if (after.photoUrl !== before.photoUrl) await photoReplaced(ctx, user, before.photoUrl, after.photoUrl);
  return {
    acknowledged: true,
    matchedCount: 1,
    modifiedCount: JSON.stringify(before) === JSON.stringify(after) ? 0 : 1,
  };
}

/**
 * POST /User/photo and the update-photo dialog: a new photo from an upload (stored through the
 * image pipeline) or a link; an empty link removes the photo. Answers the photo's address.
 */
export async function setOwnPhoto(
  ctx: ContentContext,
  actor: Actor,
  image: ImageInput,
): Promise<{ acknowledged: true; photoURl: string | null }> {
  const user = requireUser(actor);
  let url: string | null;
  let storedId: string | undefined;
  if (image.file) {
    const stored = await ctx.images.store({ ...image.file, uploadedBy: user.id });
    storedId = stored.id;
    url = smallestVariant(ctx.images.view(stored));
  } else if (image.link !== undefined) {
    const checked = photoLink.safeParse(image.link);
    if (!checked.success) {
      const found = problemOfIssue(checked.error.issues[0]?.message ?? "");
      throw new DomainError("invalid", found, { photoURl: found });
    }
    url = checked.data || null;
  } else {
    throw new DomainError("invalid", problem("content.photoOrLink"), {
      image: problem("content.photoOrLink"),
    });
  }
  try {
    const before = await getOwnProfile(ctx.db, actor);
    await ctx.db.update(users).set({ image: url }).where(eq(users.id, user.id));
    if (before.photoUrl !== url) await photoReplaced(ctx, user, before.photoUrl, url);
  } catch (error) {
    if (storedId) await ctx.images.remove(storedId);
    throw error;
  }
  return { acknowledged: true, photoURl: url };
}

/** A photo is shown small: the narrowest stored width (320 px, or the original when smaller). */
function smallestVariant(view: { url: string; srcset?: string }): string {
  return view.srcset?.split(",")[0]?.trim().split(/\s+/)[0] || view.url;
}

/**
 * After a photo change: the user's comments show the new photo (they copied the old address),
 * and the old photo's file is deleted when this user uploaded it and no content record uses it.
 */
async function photoReplaced(
  ctx: ContentContext,
  user: SignedInActor,
  oldUrl: string | null,
  newUrl: string | null,
) {
  if (!oldUrl) return;
  await ctx.db
    .update(comments)
    .set({ photoUrl: newUrl })
    .where(and(eq(comments.authorId, user.id), eq(comments.photoUrl, oldUrl)));
  const fileId = await ownUploadAt(ctx.db, user.id, oldUrl);
  if (fileId && !(await usedByContent(ctx.db, fileId))) await ctx.images.remove(fileId);
}

const storedKey = /(images\/[A-Za-z0-9][A-Za-z0-9._-]*)$/;

/** The id of the file this user uploaded that the address points to, if any. */
async function ownUploadAt(db: Database, userId: string, url: string): Promise<string | undefined> {
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    return undefined;
  }
  const key = storedKey.exec(pathname)?.[1];
  if (!key) return undefined;
  const [row] = await db
    .select({ id: uploadedFiles.id })
    .from(uploadedFiles)
    .where(
      and(
        eq(uploadedFiles.uploadedBy, userId),
        sql`${uploadedFiles.variants} @> ${JSON.stringify([{ key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id;
}

/** Whether a record of any kind of content (server/domain/kinds.ts) shows the file. */
async function usedByContent(db: Database, fileId: string): Promise<boolean> {
  for (const table of tablesWithImages) {
    const [row] = await db.select({ id: table.id }).from(table).where(eq(table.imageFileId, fileId)).limit(1);
    if (row) return true;
  }
  return false;
}
