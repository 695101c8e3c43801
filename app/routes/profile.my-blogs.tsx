// /profile-route/MyBlogs: the blogs this user wrote, whatever their status, newest first, each
// with its status, an Edit link (the postBlog form, filled in) and Delete. The blog collection
// decides who may change or delete (the author or an admin), here as for the REST calls.
import { href, Link } from "react-router";
import { formatDate } from "../../i18n/format";
import { blogCollection } from "../../server/domain/blogs";
import { DeleteButton } from "../components/delete-button";
import { useI18n } from "../lib/i18n";
import { loadListPage } from "../lib/list-page.server";
import { requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import { ButtonLink, Pagination } from "../ui";
import type { Route } from "./+types/profile.my-blogs";

const pageSize = 20;

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["page", "q"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = requireUserPage(context, request);
  const list = await loadListPage(context, request, blogCollection, {
    pageSize,
    filters: { authorId: actor.id },
  });
  return {
    blogs: list.items.map((blog) => ({
      id: blog.id,
      title: blog.title,
      category: blog.category,
      status: blog.status,
      createdAt: blog.createdAt.toISOString(),
      image: blog.image?.url ?? null,
    })),
    page: list.page,
    pageCount: list.pageCount,
  };
}

const statusKeys = {
  pending: "profile.blogs.status.pending",
  approved: "profile.blogs.status.approved",
  rejected: "profile.blogs.status.rejected",
} as const;

export default function MyBlogs({ loaderData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { blogs, page, pageCount } = loaderData;
  return (
    <section aria-labelledby="my-blogs-heading">
      <div className="row row--between">
        <h2 id="my-blogs-heading">{t("profile.blogs.heading")}</h2>
        <ButtonLink to={href("/profile-route/postBlog")} size="small">
          {t("profile.menu.postBlog")}
        </ButtonLink>
      </div>
      {blogs.length === 0 ? (
        <p data-testid="my-blogs-empty">{t("profile.blogs.empty")}</p>
      ) : (
        <ul className="my-blogs" data-testid="my-blogs">
          {blogs.map((blog) => (
            <li key={blog.id} data-testid="my-blog" data-status={blog.status}>
              {blog.image ? <img src={blog.image} alt="" width={72} height={72} loading="lazy" /> : null}
              <div className="stack" style={{ gap: 8, minWidth: 0, flex: 1 }}>
                <div>
                  <h3 data-testid="my-blog-title">
                    {blog.status === "approved" ? (
                      <Link to={href("/blog/:id", { id: blog.id })}>{blog.title}</Link>
                    ) : (
                      blog.title
                    )}
                  </h3>
                  <p className="muted" style={{ margin: 0 }}>
                    <time dateTime={blog.createdAt}>{formatDate(blog.createdAt, intl)}</time>
                    {blog.category ? ` · ${blog.category}` : ""}
                  </p>
                </div>
                <div className="row">
                  <span
                    className={`badge${blog.status === "approved" ? "" : ` badge--${blog.status}`}`}
                    data-testid="my-blog-status"
                  >
                    {t(statusKeys[blog.status])}
                  </span>
                  <ButtonLink
                    to={`${href("/profile-route/postBlog")}?${new URLSearchParams({ edit: blog.id })}`}
                    variant="outline"
                    size="small"
                    aria-label={t("profile.blogs.editOne", { title: blog.title })}
                  >
                    {t("profile.blogs.edit")}
                  </ButtonLink>
                  <DeleteButton
                    kind="blogs"
                    id={blog.id}
                    message={t("profile.blogs.confirmDelete", { title: blog.title })}
                  />
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageCount={pageCount}
        label={t("list.pages")}
        previousLabel={t("list.previous")}
        nextLabel={t("list.next")}
      />
    </section>
  );
}
