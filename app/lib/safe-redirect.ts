import { href } from "react-router";
import { hasControlCharacter } from "../../common/schemas/fields";

/** A path on this site to go back to after signing in; anything else becomes the fallback. */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = href("/"),
): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\"))
    return fallback;
  // Control characters could smuggle a different host past the checks above.
  if (hasControlCharacter(to) || to.includes("\\")) return fallback;
  // A Location header takes only bytes: other characters go percent-encoded, as a browser would
  // send them (a lone surrogate has no encoding, so it falls back).
  try {
    return to.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
  } catch {
    return fallback;
  }
}

/** The login page that brings the user back to `path` afterwards. */
export const loginPath = (path: string) =>
  path === "/" ? href("/login") : `${href("/login")}?${new URLSearchParams({ redirectTo: path })}`;
