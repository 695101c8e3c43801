// A signed-in person's page is the page everyone of their view sees, with a few placeholders: their
// name, e-mail, photo and initials (the header, the comment form) and the request's nonce. For a
// signed-in GET, the root loader gives each placeholder's token instead of the person's value
// (`placeholderUser`), so the render and the data it carries are the same for everyone whose pages
// show the same data: the page is rendered once as a template (entry.server.tsx), kept by
// server/cache/page-templates.ts, and each request fills the placeholders. Decision 0037. A page with a
// part of its own (a marksheet on /results, decision 0040) is a template with that part and the
// numbers it was asked by as placeholders, for visitors too.

import { createHash, randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { initialsOf } from "../../common/initials";
import { shownEmail } from "../../common/phone-accounts";
import type { SignedInActor } from "../domain/actor";
import type { Profile } from "../domain/profile";
import { bestEncoding } from "./cached-response";
import { type GzipPiece, gzipOf, plainPiece } from "./gzip-pieces";
import type { PlaceholderName, PlaceholderValues, Template } from "./page-templates";

/** What a page shows of the signed-in person, each a placeholder of its template. */
export type Person = {
  name: string;
  email: string;
  /**
   * A mark of the account (a hash of its id, never the id), by which the browser's cart knows
   * whose it is: a phone account has no e-mail address to tell it by (app/lib/cart-owner.ts).
   */
  account: string;
  image: string | null;
  initials: string;
};

// Letters and digits only, so that no escaping on the way (React's, JSON's, React Router's)
// changes a token; the secret is this process's, so no stored text can forge one.
const secret = randomBytes(12).toString("hex");
const token = (name: PlaceholderName) => `maktab${secret}${name}`;

export const placeholderTokens: Record<PlaceholderName, string> = {
  name: token("name"),
  email: token("email"),
  account: token("account"),
  initials: token("initials"),
  // An uploaded file's address, so that it passes the link rules (common/text-rules.ts).
  image: `/files/${token("image")}`,
  about: token("about"),
  contactNumber: token("contactNumber"),
  rollNumber: token("rollNumber"),
  phoneNumber: token("phoneNumber"),
  roll: token("roll"),
  registration: token("registration"),
  part: token("part"),
  nonce: token("nonce"),
};

/**
 * The signed-in user as the root loader gives it to a page rendered as a template. Components
 * render these strings as they are and derive nothing from them (the initials come with them),
 * else the template would hold what was derived from the token.
 */
export function placeholderUser(actor: SignedInActor) {
  return {
    name: placeholderTokens.name,
    email: placeholderTokens.email,
    account: placeholderTokens.account,
    image: actor.image ? placeholderTokens.image : null,
    initials: placeholderTokens.initials,
    isAdmin: actor.isAdmin,
  };
}

/** The signed-in user with their own values: the placeholders' fillings, and the data of a navigation. */
export function shownUser(actor: SignedInActor) {
  return { ...personOf(actor), isAdmin: actor.isAdmin };
}

/** A visitor who is not signed in: a page for them holds no person's placeholder. */
export const nobody: Person = { name: "", email: "", account: "", image: null, initials: "" };

/** The mark of an account the browser's cart keeps: a hash of the account's id, not the id. */
export const accountMark = (id: string): string =>
  createHash("sha256").update(`cart-owner:${id}`).digest("hex").slice(0, 16);

export function personOf(actor: SignedInActor): Person {
  // A phone account has no address to show (its placeholder never is): common/phone-accounts.ts.
  const email = shownEmail(actor.email) ?? "";
  return {
    name: actor.name,
    email,
    account: accountMark(actor.id),
    image: actor.image,
    initials: initialsOf(actor.name),
  };
}

/**
 * The person's own profile as a page rendered as a template shows it: its texts are placeholders, filled
 * from `held`, which this notes them in. An empty text stays as it is: the page shows that
 * differently (a dash, no badge), so it is part of what the template is made from.
 */
export function placeholderProfile(
  profile: Profile,
  held: PlaceholderValues,
): Profile & { initials: string } {
  const hold = (name: keyof PlaceholderValues, value: string | null) => {
    if (!value) return value;
    held[name] = value;
    return placeholderTokens[name];
  };
  held.initials = initialsOf(profile.displayName);
  return {
    ...profile,
    displayName: hold("name", profile.displayName) ?? "",
    email: hold("email", profile.email) ?? "",
    photoUrl: hold("image", profile.photoUrl),
    about: hold("about", profile.about),
    contactNumber: hold("contactNumber", profile.contactNumber),
    rollNumber: hold("rollNumber", profile.rollNumber),
    phoneNumber: hold("phoneNumber", profile.phoneNumber),
    initials: placeholderTokens.initials,
  };
}

type Placeholder = Template["placeholders"][number];

const placeholderPattern = new RegExp(
  `/files/maktab${secret}(image)|maktab${secret}(name|email|account|initials|about|contactNumber|rollNumber|phoneNumber|roll|registration|part|nonce)`,
  "g",
);
const scriptPattern = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
/** React Router's script that hands the page's data to the browser (its StreamTransfer). */
const dataScript = "window.__reactRouterContext.streamController.enqueue(";

/** Cuts a page rendered with the placeholder tokens at each token, noting where each one stands. */
export function parseTemplate(html: string, { logger }: { logger?: Logger } = {}): Template {
  const scripts: { from: number; to: number; data: boolean }[] = [];
  for (const match of html.matchAll(scriptPattern)) {
    const from = (match.index ?? 0) + match[0].length - (match[1] ?? "").length - "</script>".length;
    scripts.push({ from, to: from + (match[1] ?? "").length, data: (match[1] ?? "").startsWith(dataScript) });
  }
  const pieces: string[] = [];
  const placeholders: Placeholder[] = [];
  let last = 0;
  for (const match of html.matchAll(placeholderPattern)) {
    const at = match.index ?? 0;
    const name = (match[1] ?? match[2]) as PlaceholderName;
    const script = scripts.find((s) => s.from <= at && at < s.to);
    if (script && !script.data) {
      // A component put a person's detail in a script of its own: shown escaped as for HTML,
      // which keeps the script harmless, and reported, since its text is then wrong.
      logger?.error({ placeholder: name }, "a person's detail in a script other than the page's data");
    }
    pieces.push(html.slice(last, at));
    placeholders.push({ name, in: script?.data ? "data" : "html" });
    last = at + match[0].length;
  }
  pieces.push(html.slice(last));
  const plain = pieces.map(plainPiece);
  const bytes = plain.reduce((sum, piece) => sum + piece.raw.length, 0);
  return { pieces: plain, placeholders, bytes };
}

// React's escaping of text and attribute values (react-dom's escapeTextForBrowser).
const htmlEscapes: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};
const inHtml = (value: string) => value.replace(/["&'<>]/g, (c) => htmlEscapes[c] as string);

// React Router's data script: turbo-stream's JSON of the value, inside a JSON string, with
// these characters as \u escapes (react-router's escapeHtml).
const scriptEscapes: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};
const inData = (value: string) =>
  JSON.stringify(JSON.stringify(value).slice(1, -1))
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (c) => scriptEscapes[c] as string);

/**
 * Each placeholder's text for this person and this request's nonce, escaped where it stands. A page's own
 * part is markup that the server rendered (React escaped it): in the page it stands whole, in the
 * page's data as a string.
 */
function filling(template: Template, person: Person, nonce: string, held: PlaceholderValues): string[] {
  const values: Partial<Record<PlaceholderName, string>> = {
    ...person,
    image: person.image ?? "",
    ...held,
    nonce,
  };
  const done: Record<Placeholder["in"], Partial<Record<PlaceholderName, string>>> = { html: {}, data: {} };
  return template.placeholders.map((placeholder) => {
    if (placeholder.name === "part" && placeholder.in === "html") return values.part ?? "";
    const escaped = done[placeholder.in];
    const value = values[placeholder.name] ?? "";
    escaped[placeholder.name] ??= placeholder.in === "html" ? inHtml(value) : inData(value);
    return escaped[placeholder.name] as string;
  });
}

/** The page for this person and this request's nonce. */
export function fillTemplate(
  template: Template,
  person: Person,
  nonce: string,
  held: PlaceholderValues = {},
): string {
  const fillings = filling(template, person, nonce, held);
  let page = template.pieces[0]?.raw.toString() ?? "";
  fillings.forEach((text, index) => {
    page += text + (template.pieces[index + 1]?.raw.toString() ?? "");
  });
  return page;
}

/**
 * The answer of a filled template: gzip when the browser takes it and the pieces are compressed
 * (once, the placeholders' text in stored blocks: server/cache/gzip-pieces.ts), else plain.
 */
export function templateAnswer(
  template: Template,
  person: Person,
  {
    nonce,
    acceptEncoding,
    status,
    headers,
    held = {},
  }: {
    nonce: string;
    acceptEncoding: string | undefined;
    status: number;
    headers: Headers;
    held?: PlaceholderValues;
  },
): Response {
  const fillings = filling(template, person, nonce, held);
  // Until its gzip blocks are made (server/cache/page-templates.ts), an answer goes plain and is
  // compressed whole as any answer (server/middleware/compress.ts).
  const deflated = template.pieces.every((piece) => piece.deflated !== undefined);
  const gzip = deflated && bestEncoding(acceptEncoding, ["gzip"]) === "gzip";
  const parts: (GzipPiece | Buffer)[] = [];
  template.pieces.forEach((piece, index) => {
    parts.push(piece);
    const text = fillings[index];
    if (text !== undefined) parts.push(Buffer.from(text));
  });
  const body = gzip
    ? gzipOf(parts)
    : Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : part.raw)));
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Length", String(body.length));
  if (gzip) {
    headers.set("Content-Encoding", "gzip");
    headers.append("Vary", "Accept-Encoding");
  }
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status,
    headers,
  });
}

/**
 * Whether a page may be kept as a template shared by everyone: not when its data carries this
 * person's e-mail address or account id (a profile, a payment form), which only a placeholder may.
 */
export function isSharedPage(dataText: string, actor: SignedInActor): boolean {
  return !dataText.includes(actor.id) && !dataText.includes(JSON.stringify(actor.email).slice(1, -1));
}

/** What a page was rendered from: its routes' loader and action data and their errors. */
export type RouteData = { loaderData: unknown; actionData: unknown; errors: unknown };

/**
 * A template's key: the page's address and the data it was rendered from, each promise as it
 * settled. Not the bytes React Router serialized, when the data can be read without them: those
 * list a page's streamed sections in the order their queries answered, which on PostgreSQL
 * differs between two renders of the same data, and a view whose page seems to change is no
 * longer found by it (the signed-in home page fell to a render per request). Data of another
 * kind than JSON's and dates (a Map, a class) is keyed by the bytes, as before.
 */
export async function templateKey(url: string, route: RouteData, data: Uint8Array[]): Promise<string> {
  const hash = createHash("sha256").update(url).update("\0");
  const settled = await settledData(route).catch(() => null);
  if (settled !== null) return hash.update("data\0").update(settled).digest("base64url");
  hash.update("bytes\0");
  for (const chunk of data) hash.update(chunk);
  return hash.digest("base64url");
}

class NotPlainData extends Error {}

const stillPending = Symbol("pending");

/**
 * The data as JSON with each promise replaced by what it settled to; throws NotPlainData. A
 * promise still pending once the page's data was sent (a section React Router gave up waiting
 * for) is not waited for: the key is then the bytes'.
 */
async function settledData(value: unknown): Promise<string> {
  const settle = async (item: unknown): Promise<unknown> => {
    if (item instanceof Promise) {
      // A settled promise wins the race: its reaction is queued before the marker's.
      const outcome = await Promise.race([item, Promise.resolve(stillPending)]).then(
        (resolved) => ({ resolved }),
        (error: unknown) => ({ rejected: error instanceof Error ? error.message : String(error) }),
      );
      if ("resolved" in outcome) {
        if (outcome.resolved === stillPending) throw new NotPlainData();
        return { resolved: await settle(outcome.resolved) };
      }
      return outcome;
    }
    if (item === null || typeof item !== "object") {
      if (typeof item === "bigint") return { bigint: String(item) };
      if (typeof item === "function" || typeof item === "symbol") throw new NotPlainData();
      return item === undefined ? { undefined: true } : item;
    }
    if (item instanceof Date) return { date: item.toISOString() };
    if (Array.isArray(item)) return Promise.all(item.map(settle));
    const prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) throw new NotPlainData();
    const entries = await Promise.all(
      Object.entries(item).map(async ([key, entry]) => [key, await settle(entry)] as const),
    );
    return Object.fromEntries(entries);
  };
  return JSON.stringify(await settle(value));
}
