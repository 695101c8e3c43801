// The sign-in popup's addresses and message, shared by the page (app/lib/popup-sign-in.ts), its
// last page (app/routes/auth.popup-done.ts), Better Auth's setup and the security headers.

/** The popup's first page, then (after the provider) its last page. */
export const popupSignInPaths = { start: "/auth/popup", done: "/auth/popup/done" } as const;

/** The `type` of the message the last page posts to its opener. */
export const popupMessageType = "maktab:popup-sign-in";
