// GET /robots.txt: crawl everything public; keep crawlers out of the dashboard, the API and the
// account pages; point them at the sitemap.
import { pageOf } from "../lib/page.server";
import type { Route } from "./+types/robots";

const disallowed = [
  "/DeashBoard",
  "/api/",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/auth/",
  "/allOrder",
  "/payment-getway",
  "/bookings",
  "/profile",
];

export function loader({ context }: Route.LoaderArgs) {
  const { publicUrl } = pageOf(context).services.config;
  const text = [
    "User-agent: *",
    "Allow: /",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
