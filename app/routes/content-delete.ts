// POST /content/{kind}/{id}/delete: a page's Delete button. The domain decides who may.

import { data } from "react-router";
import { problem } from "../../common/errors/problem";
import { DomainError, statusOf } from "../../server/domain/errors";
import { collectionNamed } from "../components/dashboard/collections.server";
import { contentContext } from "../lib/list-page.server";
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/content-delete";

export async function action({ params, context }: Route.ActionArgs) {
  const collection = collectionNamed(params.kind);
  if (!collection) return data({ ok: false, error: problem("request.notFound") }, { status: 404 });
  try {
    await collection.remove(contentContext(context), pageOf(context).actor, params.id);
    return { ok: true, error: null };
  } catch (error) {
    if (error instanceof DomainError)
      return data({ ok: false, error: error.problem }, { status: statusOf[error.code] });
    throw error;
  }
}
