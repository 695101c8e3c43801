// The frame of a detail page (service, result, teacher, admission): a link back to the list,
// the heading, the image beside the text on wide screens, below it on phones.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { type ImageView, Picture } from "../../ui";

/** Half of the 1200 px container from 900 px, the whole width below. */
const sizes = "(min-width: 1200px) 568px, (min-width: 900px) calc(50vw - 32px), calc(100vw - 32px)";

export function DetailLayout({
  title,
  image,
  back,
  children,
}: {
  title: string;
  image: ImageView | null;
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="container detail">
      <p className="detail__back">
        <Link to={back.to}>
          <span aria-hidden="true">← </span>
          {back.label}
        </Link>
      </p>
      <article className="detail__body">
        <h1 className="detail__title">{title}</h1>
        <div className="detail__split">
          {image ? (
            <Picture
              image={image}
              alt={title}
              sizes={sizes}
              className="detail__image"
              priority
              width={960}
              height={600}
            />
          ) : null}
          <div className="stack detail__text">{children}</div>
        </div>
      </article>
    </div>
  );
}
