// The record of a detail page: sign-in first (anonymous visitors go to /login and come back),
// then the record as the signed-in user may see it, or the 404 page.
import { data, type RouterContextProvider } from "react-router";
import type { ContentCollection } from "../../../server/domain/content/collection";
import { DomainError } from "../../../server/domain/errors";
import { contentContext } from "../../lib/list-page.server";
import { requireUserPage } from "../../lib/page.server";

export async function loadDetail<Item>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  collection: ContentCollection<Item>,
  id: string,
): Promise<Item> {
  const actor = requireUserPage(context, request);
  try {
    return await collection.get(contentContext(context), actor, id);
  } catch (error) {
    if (error instanceof DomainError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}
