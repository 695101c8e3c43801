// A person's photo in a circle, or their initials when they have none. The size is set on the
// image, so the page does not move when it loads.
import { initialsOf } from "../../common/initials";
import { shownLink } from "../../common/text-rules";

export function Avatar({
  name,
  initials = initialsOf(name),
  photoUrl,
  size,
  alt = "",
  testId,
}: {
  name: string;
  /** Given with the name when it is a placeholder of a page template (server/cache/page-template-placeholders.ts). */
  initials?: string;
  photoUrl: string | null | undefined;
  size: number;
  /** Empty when the name is written next to it. */
  alt?: string;
  testId?: string;
}) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  // A photo address that breaks the rules (stored before them: data:, javascript:) is not shown.
  const shown = shownLink(photoUrl);
  if (shown)
    return (
      <img
        className="avatar"
        src={shown}
        alt={alt}
        width={size}
        height={size}
        style={style}
        decoding="async"
        data-testid={testId}
      />
    );
  if (alt)
    return (
      <span
        className="avatar avatar--initials"
        style={style}
        role="img"
        aria-label={alt}
        data-testid={testId}
      >
        {initials}
      </span>
    );
  return (
    <span className="avatar avatar--initials" style={style} aria-hidden="true" data-testid={testId}>
      {initials}
    </span>
  );
}
