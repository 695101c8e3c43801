// /profile-route/postBlog: a signed-in user writes a blog; it waits as pending until an admin
// approves it in the dashboard, then appears on /blogs. With ?edit=<id> the same form changes
// one of the user's own blogs (sent back to review: docs/decisions/0012). The blog rules
// (author, status, who may change what) are the blog collection's, as for the REST calls.
import { data, href, type RouterContextProvider } from "react-router";
import { blogCollection } from "../../server/domain/blogs";
import { failureOf, readContentForm } from "../components/dashboard/content-form.server";
import type { ContentForm } from "../components/dashboard/content-forms";
import { BlogForm, type BlogFormAnswer } from "../components/profile/blog-form";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { requireUserPage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/profile.post-blog";

// The fields the page reads from the posted form (the image comes as `image` or `imageLink`).
const userBlogForm: ContentForm = {
  kind: "blogs",
  heading: "profile.post.heading",
  fields: [
    { name: "title", label: "profile.post.title", widget: "text", required: true },
    { name: "category", label: "profile.post.category", widget: "text" },
    { name: "body", label: "profile.post.body", widget: "textarea" },
  ],
  schema: () => import("../../common/kinds/inputs").then((m) => m.userBlogInput),
  image: "optional",
};

const editedId = (request: Request) => new URL(request.url).searchParams.get("edit") ?? undefined;

/** The user's own blog, or 404: this page edits nobody else's. */
async function ownBlog(context: Readonly<RouterContextProvider>, request: Request, id: string) {
  const actor = requireUserPage(context, request);
  const blog = await blogCollection.get(contentContext(context), actor, id).catch(() => null);
  if (!blog || blog.authorId !== actor.id) throw data(null, { status: 404 });
  return blog;
}

async function save(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ body: BlogFormAnswer; status: number }> {
  const actor = requireUserPage(context, request);
  const id = editedId(request);
  if (id) await ownBlog(context, request, id);
  const read = await readContentForm(request, context, userBlogForm);
  if (read.failure) return read.failure;
  const ctx = contentContext(context);
  try {
    let savedId = id;
    if (savedId) await blogCollection.update(ctx, actor, savedId, read.input, read.image);
    else savedId = (await blogCollection.create(ctx, actor, read.input, read.image)).insertedId;
    const saved = await blogCollection.get(ctx, actor, savedId);
    return { body: { ok: true, status: saved.status }, status: id ? 200 : 201 };
  } catch (error) {
    return failureOf(error);
  }
}

// The script's upload asks for JSON: answered here, before the page would render.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || request.headers.get("x-requested-with") !== "XMLHttpRequest")
      return next();
    const { body, status } = await save(request, context);
    return Response.json(body, { status });
  },
];

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = { ...personalPage, query: ["edit"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  requireUserPage(context, request);
  const id = editedId(request);
  if (!id) return { blog: null };
  const blog = await ownBlog(context, request, id);
  return {
    blog: {
      id: blog.id,
      title: blog.title,
      body: blog.body,
      category: blog.category,
      imageUrl: blog.image?.url ?? null,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status } = await save(request, context);
  return data(body, { status });
}

export default function PostBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { blog } = loaderData;
  const action = blog
    ? `${href("/profile-route/postBlog")}?${new URLSearchParams({ edit: blog.id })}`
    : href("/profile-route/postBlog");
  return (
    <section aria-labelledby="post-heading">
      <h2 id="post-heading">{blog ? t("profile.post.editHeading") : t("profile.post.heading")}</h2>
      <p className="muted">{t("profile.post.intro")}</p>
      <BlogForm key={blog?.id ?? "new"} action={action} values={blog ?? undefined} actionData={actionData} />
    </section>
  );
}
