// /profile-route (sign-in required): the user's photo, name and e-mail with the update-photo
// dialog, a side menu of the profile's pages, and the page chosen in it. On a phone the menu
// sits above the page. The nested pages read the profile from this route's loader.
import { useEffect, useState } from "react";
import { href, Link, Outlet, useLocation } from "react-router";
import { initialsOf } from "../../common/initials";
import type { MessageKey } from "../../i18n";
import { placeholderProfile } from "../../server/cache/page-template-placeholders";
import { getOwnProfile } from "../../server/domain/profile";
import { Avatar } from "../components/avatar";
import { EmailAddress } from "../components/email-address";
import { PhotoDialog } from "../components/profile/photo-dialog";
import { useI18n } from "../lib/i18n";
import { pageOf, requireUserPage } from "../lib/page.server";
import type { TextsHandle } from "../lib/page-texts";
import { withTexts } from "../lib/page-texts.server";
import { seo } from "../lib/seo";
import { personalPage } from "../lib/shared-page";
import type { Route } from "./+types/profile";

// The reader's own page, kept until something stored changes (decision 0038). Its pages show the
// profile's texts, an account's (the phone, the password), the reader's results, and the
// problems of an account and of writing a blog or a photo.
export const handle = {
  ...personalPage,
  texts: ["profile", "account", "results", "family"],
  problems: ["content", "account"],
} satisfies TextsHandle;

export const loader = withTexts(handle, async ({ request, context }: Route.LoaderArgs) => {
  const actor = requireUserPage(context, request);
  const { services, personPlaceholders, placeholderValues } = pageOf(context);
  const profile = await getOwnProfile(services.db, actor);
  return {
    // As placeholders when the page is a template (decision 0037): one page for all whose profiles show
    // the same way, each filled with their own texts.
    profile: personPlaceholders
      ? placeholderProfile(profile, placeholderValues)
      : { ...profile, initials: initialsOf(profile.displayName) },
    maxBytes: services.config.uploadMaxBytes,
    // The pages of the account's own roles (an admin has the dashboard for the others).
    teacher: actor.roles.has("teacher"),
    accountant: actor.roles.has("accountant"),
  };
});

// The photo dialog uploads with XMLHttpRequest (for its progress bar), then posts here so that
// every loader, the header's included, reads the new photo.
export function action({ request, context }: Route.ActionArgs) {
  requireUserPage(context, request);
  return { ok: true };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, { title: { key: "profile.heading" }, path: href("/profile-route") });

type MenuItem = { to: string; label: MessageKey; also?: string[]; startsWith?: string };

const menu: MenuItem[] = [
  {
    to: href("/profile-route/UpdatedProfile"),
    label: "profile.menu.profile",
    also: [href("/profile-route")],
  },
  { to: href("/profile-route/updateInformations"), label: "profile.menu.edit" },
  { to: href("/profile-route/MyBlogs"), label: "profile.menu.myBlogs" },
  { to: href("/profile-route/postBlog"), label: "profile.menu.postBlog" },
  { to: href("/profile-route/phone"), label: "profile.menu.phone" },
  { to: href("/profile-route/password"), label: "profile.menu.password" },
  { to: href("/profile-route/results"), label: "results.mine.heading" },
  {
    to: href("/profile-route/children"),
    label: "family.menu.children",
    startsWith: href("/profile-route/children"),
  },
  { to: href("/bookings"), label: "profile.menu.bookings" },
];

/** The role's own pages: a teacher's classes, an accountant's orders. */
const roleMenu = (roles: { teacher: boolean; accountant: boolean }): MenuItem[] => [
  ...(roles.teacher ? [{ to: href("/profile-route/classes"), label: "family.menu.classes" as const }] : []),
  ...(roles.accountant ? [{ to: href("/DeashBoard/orders"), label: "family.menu.orders" as const }] : []),
];

export default function ProfileLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { profile, maxBytes } = loaderData;
  const location = useLocation();
  // Paths match case-insensitively, like the route table.
  const here = location.pathname.replace(/\/+$/, "").toLowerCase();
  const isCurrent = (item: MenuItem) =>
    [item.to, ...(item.also ?? [])].some((path) => path.toLowerCase() === here) ||
    (item.startsWith !== undefined && here.startsWith(`${item.startsWith.toLowerCase()}/`));
  const items = [...menu, ...roleMenu(loaderData)];
  // Set once the script runs, so tests can tell the working page from the server's markup.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <div className="container">
      <div className="profile" data-hydrated={hydrated ? "" : undefined}>
        <div className="stack">
          <section className="profile__card" aria-labelledby="profile-name">
            <Avatar
              name={profile.displayName}
              initials={profile.initials}
              photoUrl={profile.photoUrl}
              size={72}
              alt={t("profile.photo.alt", { name: profile.displayName })}
              testId="profile-photo"
            />
            <div className="profile__who">
              <h1 id="profile-name" data-testid="profile-name">
                {profile.displayName}
              </h1>
              <p className="muted" data-testid="profile-email">
                {profile.email ? <EmailAddress address={profile.email} /> : profile.phoneNumber}
              </p>
            </div>
            <PhotoDialog hasPhoto={Boolean(profile.photoUrl)} maxBytes={maxBytes} />
          </section>
          <nav className="profile__menu" aria-label={t("profile.menu.label")}>
            <ul>
              {items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} aria-current={isCurrent(item) ? "page" : undefined} prefetch="intent">
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="profile__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
