import { redirect } from "react-router";
import { callAuth } from "../lib/auth-calls.server";
import type { Route } from "./+types/logout";

export async function action({ context }: Route.ActionArgs) {
  const result = await callAuth(context, "/sign-out", {});
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export const loader = () => redirect("/");
