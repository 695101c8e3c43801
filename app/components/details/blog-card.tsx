// A blog in a list or in the 'More Blogs' carousel: image, title (a link to the blog), date and,
// for admins, Delete.
import { href, Link } from "react-router";
import { formatDate } from "../../../i18n/format";
import { useI18n } from "../../lib/i18n";
import { type ImageView, Picture } from "../../ui";
import { DeleteButton } from "../delete-button";

export type BlogSummary = { id: string; title: string; createdAt: string; image: ImageView | null };

/** Three columns from about 920 px, two from about 616 px, one on phones. */
export const blogCardSizes =
  "(min-width: 1200px) 373px, (min-width: 920px) 31vw, (min-width: 616px) 48vw, 100vw";

export function BlogCard({
  blog,
  headingLevel,
  canDelete = false,
  priority = false,
}: {
  blog: BlogSummary;
  headingLevel: 2 | 3;
  canDelete?: boolean;
  priority?: boolean;
}) {
  const { t, intl } = useI18n();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card blog-card">
      <Picture
        image={blog.image}
        alt={blog.title}
        sizes={blogCardSizes}
        className="card__media"
        priority={priority}
        width={640}
        height={400}
      />
      <div className="card__body">
        <Heading className="blog-card__title">
          <Link to={href("/blog/:id", { id: blog.id })} prefetch="intent">
            {blog.title}
          </Link>
        </Heading>
        <div className="card__footer">
          <time className="muted" dateTime={blog.createdAt}>
            {formatDate(blog.createdAt, intl)}
          </time>
          {canDelete ? <DeleteButton kind="blogs" id={blog.id} label={t("delete.button")} /> : null}
        </div>
      </div>
    </article>
  );
}
