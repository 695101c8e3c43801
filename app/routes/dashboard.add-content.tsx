// One add form for every kind of content (/DeashBoard/AddAdmition, AddResult, blogAdd, noticeADD,
// ...: each kind's addPath in common/kinds); the path names the kind, app/components/dashboard/
// content-forms.ts describes it and content-form.tsx draws it. Admins, and teachers for the kinds
// they may add (notices and blogs, which wait for an admin's approval). The browser posts
// the form as multipart with XMLHttpRequest; the route's middleware answers that post with JSON.
// Without script the action answers the page.

import { data, type RouterContextProvider } from "react-router";
import type { Problem } from "../../common/errors/problem";
import { collectionsByKind } from "../components/dashboard/collections.server";
import { ContentFormView } from "../components/dashboard/content-form";
import { failureOf, readContentForm, referenceChoices } from "../components/dashboard/content-form.server";
import { type ContentForm, contentForms, kindOfPath } from "../components/dashboard/content-forms";
import { dashboardTitle } from "../components/dashboard/dashboard-title";
import { useI18n } from "../lib/i18n";
import { contentContext } from "../lib/list-page.server";
import { requireAdminPage, requireRolePage } from "../lib/page.server";
import { personalPage } from "../lib/shared-page";
import type { FieldErrors } from "../lib/use-schema-form";
import type { Route } from "./+types/dashboard.add-content";

type Answer = { ok: true; insertedId: string } | { ok: false; error: Problem | null; fields: FieldErrors };

function formOf(request: Request): ContentForm {
  const kind = kindOfPath(new URL(request.url).pathname);
  if (!kind) throw data(null, { status: 404 });
  return contentForms[kind];
}

/**
 * Who may open the kind's add form: admins, and teachers where the kind takes their records
 * for review (the domain decides again on create).
 */
function requireAdder(context: Readonly<RouterContextProvider>, request: Request, form: ContentForm) {
  return collectionsByKind[form.kind]?.access.create === "admin"
    ? requireAdminPage(context, request)
    : requireRolePage(context, request, "teacher");
}

/** Adds the record the posted form describes; the answer and its HTTP status. */
async function add(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ body: Answer; status: number }> {
  const form = formOf(request);
  const actor = requireAdder(context, request, form);
  const read = await readContentForm(request, context, form);
  if (read.failure) return read.failure;
  const collection = collectionsByKind[form.kind];
  if (!collection) throw data(null, { status: 404 });
  try {
    const created = await collection.create(
      contentContext(context),
      actor,
      read.input,
      read.image,
      read.document,
    );
    return { body: { ok: true, insertedId: String(created.insertedId) }, status: 200 };
  } catch (error) {
    return failureOf(error);
  }
}

// The script's upload asks for JSON: answered here, before the page would render.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method !== "POST" || request.headers.get("x-requested-with") !== "XMLHttpRequest")
      return next();
    const { body, status } = await add(request, context);
    return Response.json(body, { status });
  },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  dashboardTitle(matches, loaderData ? contentForms[loaderData.kind].heading : "dashboard.title");

// The reader's own page, kept until something stored changes (decision 0038).
export const handle = personalPage;

export async function loader({ request, context }: Route.LoaderArgs) {
  const form = formOf(request);
  const actor = requireAdder(context, request, form);
  return {
    kind: form.kind,
    choices: await referenceChoices(context, actor, form),
    // A teacher's record waits for an admin's approval; the form says so once it is sent.
    forReview: !actor.isAdmin,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { body, status } = await add(request, context);
  return data(body, { status });
}

export default function AddContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <ContentFormView
      form={contentForms[loaderData.kind]}
      choices={loaderData.choices}
      actionData={actionData}
      successText={loaderData.forReview ? t("teaching.sentForReview") : undefined}
    />
  );
}
