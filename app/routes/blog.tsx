// /blog/{id}: a blog with its comments and the comment form. Public; writing a comment needs
// an account, and a comment is deleted only by its author or an admin (the domain decides).

import { data, href, Link } from "react-router";
import { shownLink } from "../../common/text-rules";
import { excerpt, formatDate } from "../../i18n/format";
import { blogCollection, blogSeenBy } from "../../server/domain/blogs";
import { commentCollection, commentSeenBy } from "../../server/domain/comments";
import { DomainError, statusOf } from "../../server/domain/errors";
import { type CommentAnswer, Comments } from "../components/details/comments";
import { TextBlock } from "../components/details/text-block";
import { JsonLd } from "../components/json-ld";
import { type HydrationHandle, readingPageForVisitors } from "../lib/hydration";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { personalPage } from "../lib/shared-page";
import { Picture } from "../ui";
import type { Route } from "./+types/blog";

/** The newest comments shown under a blog; the heading counts them all. */
const commentLimit = 100;

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = {
  ...readingPageForVisitors,
  ...personalPage,
  texts: ["details"],
  problems: ["content"],
} satisfies TextsHandle & HydrationHandle;

export const loader = withTexts(handle, async ({ params, context }: Route.LoaderArgs) => {
  const { actor, services } = pageOf(context);
  const ctx = contentContext(context);
  const blog = await blogCollection.get(ctx, actor, params.id).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const comments = await commentCollection.list(ctx, actor, {
    limit: commentLimit,
    offset: 0,
    filters: { blogId: blog.id },
  });
  const userId = actor.kind === "user" ? actor.id : null;
  const isAdmin = actor.kind === "user" && actor.isAdmin;
  const seen = blogSeenBy(actor, blog);
  return {
    publicUrl: services.config.publicUrl,
    blog: {
      id: seen.id,
      title: seen.title,
      // The byline: the writer's display name and photo, never their e-mail.
      authorName: seen.authorName,
      authorPhotoUrl: shownLink(seen.authorPhotoUrl),
      // A deleted account's blogs lose their writer's e-mail (server/domain/users.ts): "a former user".
      writerDeleted: blog.authorEmail === "",
      category: seen.category,
      body: blog.body,
      createdAt: blog.createdAt.toISOString(),
      image: blog.image,
    },
    comments: comments.items.map((comment) => {
      const shown = commentSeenBy(actor, comment);
      return {
        id: shown.id,
        name: shown.name,
        message: shown.message,
        createdAt: shown.createdAt.toISOString(),
        photoUrl: shownLink(shown.photoUrl),
        canDelete: isAdmin || (userId !== null && comment.authorId === userId),
      };
    }),
    commentCount: comments.total,
  };
});

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  try {
    await commentCollection.create(contentContext(context), pageOf(context).actor, {
      blogId: params.id,
      name: text("name"),
      email: text("email"),
      message: text("message"),
    });
    return { ok: true, error: null, fields: {} } satisfies CommentAnswer;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(
      { ok: false, error: error.problem, fields: error.fieldProblems ?? {} } satisfies CommentAnswer,
      {
        status: statusOf[error.code],
      },
    );
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData)
    return seo(matches, { title: { key: "notFound.heading" }, path: href("/blog/:id", { id: params.id }) });
  const { blog } = loaderData;
  return seo(matches, {
    title: blog.title,
    description: excerpt(blog.body, 160),
    path: href("/blog/:id", { id: blog.id }),
    image: blog.image?.url,
    type: "article",
  });
};

const imageSizes = "(min-width: 752px) 688px, calc(100vw - 32px)";

export default function Blog({ loaderData, actionData }: Route.ComponentProps) {
  const { t, intl } = useI18n();
  const { blog, comments, commentCount, publicUrl } = loaderData;
  const author = blog.authorName || t(blog.writerDeleted ? "details.comments.formerUser" : "brand.name");
  const url = `${publicUrl}/blog/${blog.id}`;
  const image = blog.image ? new URL(blog.image.url, publicUrl).toString() : undefined;
  return (
    <div className="container container--narrow section">
      <p className="detail__back">
        <Link to={href("/blogs")}>
          <span aria-hidden="true">← </span>
          {t("details.blog.back")}
        </Link>
      </p>
      <article className="blog">
        <header className="blog__header">
          {blog.category ? (
            <p>
              <span className="badge">
                <span className="visually-hidden">{t("details.blog.category")}: </span>
                {blog.category}
              </span>
            </p>
          ) : null}
          <h1>{blog.title}</h1>
          <p className="blog__meta muted">
            {blog.authorPhotoUrl ? (
              // The name beside it says who it is.
              <img
                className="blog__author-photo"
                src={blog.authorPhotoUrl}
                alt=""
                width={24}
                height={24}
                loading="lazy"
                decoding="async"
              />
            ) : null}
            <span data-testid="blog-author">{t("details.blog.author", { name: author })}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={blog.createdAt} data-testid="blog-date">
              {formatDate(blog.createdAt, intl)}
            </time>
          </p>
        </header>
        {blog.image ? (
          <Picture
            image={blog.image}
            alt={blog.title}
            sizes={imageSizes}
            className="blog__image"
            priority
            width={960}
            height={600}
          />
        ) : null}
        <TextBlock text={blog.body} className="blog__body" />
      </article>
      <Comments blogId={blog.id} comments={comments} total={commentCount} actionData={actionData} />
      <JsonLd
        data={{
          "@type": "BlogPosting",
          headline: blog.title,
          datePublished: blog.createdAt,
          author: blog.authorName
            ? { "@type": "Person", name: blog.authorName }
            : { "@type": "Organization", name: author },
          ...(image ? { image } : {}),
          ...(blog.category ? { articleSection: blog.category } : {}),
          url,
          mainEntityOfPage: url,
        }}
      />
    </div>
  );
}
