/** A path on this site to go back to after signing in; anything else becomes the fallback. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  // Control characters could smuggle a different host past the checks above.
  if ([...to].some((char) => char.charCodeAt(0) < 0x20 || char === "\\")) return fallback;
  return to;
}

/** The login page that brings the user back to `path` afterwards. */
export const loginPath = (path: string) =>
  path === "/" ? "/login" : `/login?${new URLSearchParams({ redirectTo: path })}`;
