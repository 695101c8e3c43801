// Placeholder until this screen is built: admins only, a heading.
import { requireAdminPage } from "../lib/page.server";
import type { Route } from "./+types/dashboard.users";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  return null;
}

export default function Placeholder() {
  return null;
}
