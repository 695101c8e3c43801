// An account made with a phone number has no e-mail address; Better Auth's user table needs one,
// so it holds a placeholder on the reserved .invalid domain (RFC 2606): never shown (pages and
// answers show the phone number instead), never mailed (server/mail refuses the domain).

/** The domain of the placeholder addresses of phone accounts. */
export const placeholderEmailDomain = "phone.invalid";

/** True for an address on a .invalid domain: nobody reads mail there. */
export const isPlaceholderEmail = (email: string | null | undefined): boolean =>
  typeof email === "string" && /\.invalid\.?$/i.test(email.trim());

/** An account's address as pages and answers show it: none for a phone account's placeholder. */
export const shownEmail = (email: string | null | undefined): string | null =>
  email && !isPlaceholderEmail(email) ? email : null;

/** What names an account to a reader: its address, else its phone number. */
export const accountLabel = (account: { email?: string | null; phoneNumber?: string | null }): string =>
  shownEmail(account.email) ?? account.phoneNumber ?? "";
