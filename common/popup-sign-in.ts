// The sign-in popup's addresses and message, shared by the page (app/lib/popup-sign-in.ts), its
// last page (app/routes/auth.popup-done.ts), Better Auth's setup and the security headers.

/**
 * The popup's first page, then (after the provider) its last page; `page` starts the same
 * sign-in in the page's own window (the button is a link there until the page's script runs).
 */
export const popupSignInPaths = {
  start: "/auth/popup",
  done: "/auth/popup/done",
  page: "/auth/sign-in",
} as const;

/** The link that signs in with `provider` in the page's own window, then goes to `redirectTo`. */
export const pageSignInHref = (provider: string, redirectTo: string) =>
  `${popupSignInPaths.page}?${new URLSearchParams({ provider, ...(redirectTo ? { redirectTo } : {}) })}`;

/** The `type` of the message the last page posts to its opener. */
export const popupMessageType = "maktab:popup-sign-in";
