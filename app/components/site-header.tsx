import { Form, href, Link, NavLink, useLocation } from "react-router";
import { formatNumber } from "../../i18n/format";
import { useCartQuantity } from "../lib/cart-count";
import { useI18n } from "../lib/i18n";
import { Button, ButtonLink } from "../ui";
import { Avatar } from "./avatar";
import { LanguageSwitch } from "./language-switch";
import { MobileMenu } from "./mobile-menu";
import { navLinks } from "./nav-links";

/** The signed-in user, from the root's loader (root.tsx hands it down), or null. */
export type HeaderUser = {
  name: string;
  image: string | null;
  initials: string;
  isAdmin: boolean;
  /**
   * Whose cart the browser keeps: a hash of the account's id (app/lib/cart-owner.ts; a page
   * without React: app/scripts/cart-badge.js). Never the e-mail: a phone account has none.
   */
  account?: string;
} | null;

export function SiteHeader({ user }: { user: HeaderUser }) {
  const { t, intl } = useI18n();
  const cartQuantity = useCartQuantity();
  const showCart = cartQuantity > 0 || user !== null;

  const links = (
    <>
      {navLinks.map((link) => (
        <NavLink key={link.href} to={link.href} className="nav-link" prefetch="intent">
          {t(link.label)}
        </NavLink>
      ))}
      {user?.isAdmin ? (
        <NavLink to={href("/DeashBoard")} className="nav-link" prefetch="intent">
          {t("nav.dashboard")}
        </NavLink>
      ) : null}
    </>
  );

  return (
    <header className="site-header" data-account={user?.account || undefined}>
      <div className="container site-header__bar">
        <Link to={href("/")} className="brand">
          {t("brand.name")}
        </Link>
        <nav aria-label={t("a11y.mainNavigation")} className="nav-desktop">
          {links}
        </nav>
        <div className="site-header__actions">
          {/* Always there, hidden while there is nothing to show: on a page without React a plain
              module shows it and counts the cart (app/scripts/cart-badge.js, decision 0059). */}
          <Link
            to={href("/allOrder")}
            className="cart-link"
            hidden={!showCart}
            // The badge's own digits are in the name, as screen reader users hear the link.
            aria-label={`${t("nav.cart")}: ${t("a11y.cartItems", { count: formatNumber(cartQuantity, intl) })}`}
            data-label={`${t("nav.cart")}: ${t("a11y.cartItems", { count: "{count}" })}`}
            data-testid="cart-link"
          >
            <CartIcon />
            <span className="cart-badge" data-testid="cart-badge">
              {formatNumber(cartQuantity, intl)}
            </span>
          </Link>
          <LanguageSwitch />
          {user ? <AccountLink user={user} place="bar" /> : null}
          <AccountButton signedIn={user !== null} />
          <MobileMenu>
            {user ? <AccountLink user={user} place="menu" /> : null}
            <nav aria-label={t("a11y.mainNavigation")} className="mobile-menu__links">
              {links}
            </nav>
          </MobileMenu>
        </div>
      </div>
    </header>
  );
}

/** The signed-in user's photo and name, leading to the profile (in the bar, and in the phone menu). */
function AccountLink({
  user,
  place,
}: {
  user: { name: string; image: string | null; initials: string };
  place: "bar" | "menu";
}) {
  return (
    <Link
      to={href("/profile")}
      className={`account-link account-link--${place}`}
      data-testid={place === "bar" ? "header-account" : "menu-account"}
    >
      <Avatar
        name={user.name}
        initials={user.initials}
        photoUrl={user.image}
        size={place === "bar" ? 32 : 40}
        testId="header-avatar"
      />
      <span className="account-link__name">{user.name}</span>
    </Link>
  );
}

function AccountButton({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  const location = useLocation();
  if (signedIn) {
    return (
      <Form method="post" action={href("/logout")}>
        <Button type="submit" variant="outline" size="small">
          {t("header.logout")}
        </Button>
      </Form>
    );
  }
  const here = location.pathname + location.search;
  const to =
    here === "/" || here.startsWith("/login") || here.startsWith("/register")
      ? href("/login")
      : `${href("/login")}?${new URLSearchParams({ redirectTo: here })}`;
  return (
    <ButtonLink to={to} size="small">
      {t("header.login")}
    </ButtonLink>
  );
}

function CartIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.7 12.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 7H6" />
    </svg>
  );
}
