// /blogs: the blogs, newest first, nine to a page (admins may delete), and below them the
// 'More Blogs' carousel: three shown and three scrolled on wide screens, dots, wrapping, 500 ms.

import { href } from "react-router";
import { blogCollection, publishedBlogs } from "../../server/domain/blogs";
import { BlogCard, type BlogSummary } from "../components/details/blog-card";
import { type HydrationHandle, readingPage } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { contentContext, loadListPage } from "../lib/list-page.server";
import { textOf } from "../lib/meta";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { sharedPage } from "../lib/shared-page";
import { Carousel, Pagination } from "../ui";
import type { Route } from "./+types/blogs";

const pageSize = 9;
const carouselSize = 9;

type BlogRecord = Awaited<ReturnType<typeof blogCollection.get>>;

const summary = (blog: BlogRecord): BlogSummary => ({
  id: blog.id,
  title: blog.title,
  createdAt: blog.createdAt.toISOString(),
  image: blog.image,
});

// The same for every reader of a view (decision 0037).
export const handle = {
  ...readingPage,
  modules: ["carousel"],
  ...sharedPage,
  texts: ["lists", "details"],
  problems: ["content"],
  query: ["page", "q"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const { actor } = pageOf(context);
  const list = await loadListPage(context, request, blogCollection, { pageSize, filters: publishedBlogs });
  // The carousel shows the blogs after this page, or the newest ones when few are left.
  const ctx = contentContext(context);
  let more = await blogCollection.list(ctx, actor, {
    limit: carouselSize,
    offset: list.page * pageSize,
    filters: publishedBlogs,
  });
  if (more.items.length < 3)
    more = await blogCollection.list(ctx, actor, { limit: carouselSize, offset: 0, filters: publishedBlogs });
  return {
    blogs: list.items.map(summary),
    page: list.page,
    pageCount: list.pageCount,
    more: more.items.map(summary),
    canDelete: actor.kind === "user" && actor.isAdmin,
  };
});

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page ?? 1;
  return seo(matches, {
    title: { key: "page.blogs" },
    description: textOf(matches, "details.blogs.description"),
    path: page > 1 ? `${href("/blogs")}?page=${page}` : href("/blogs"),
  });
};

export default function Blogs({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { blogs, page, pageCount, more, canDelete } = loaderData;
  return (
    <>
      <div className="container section">
        <h1>{t("page.blogs")}</h1>
        {blogs.length === 0 ? (
          <p>{t("list.empty")}</p>
        ) : (
          <ul className="grid blog-grid" data-testid="blog-grid">
            {blogs.map((blog, index) => (
              <li key={blog.id}>
                <BlogCard blog={blog} headingLevel={2} canDelete={canDelete} priority={index === 0} />
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
      </div>
      {more.length > 0 ? (
        // Not a <section> of its own: the carousel is the region named "More Blogs", and two
        // landmarks of one name would leave a screen reader's list of them ambiguous.
        <div className="section section--alt">
          <div className="container">
            <h2>{t("details.blogs.more")}</h2>
            <Carousel
              label={t("details.blogs.more")}
              slides={more.map((blog) => <BlogCard key={blog.id} blog={blog} headingLevel={3} />)}
              perView={{ base: 1, sm: 2, md: 3 }}
              speed={500}
              labels={{
                previous: t("details.blogs.previous"),
                next: t("details.blogs.next"),
                goTo: t("details.blogs.goTo"),
                slide: t("details.blogs.slide"),
              }}
              testId="more-blogs"
            />
          </div>
        </div>
      ) : null}
    </>
  );
}
