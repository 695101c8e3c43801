// The header's cart badge on a page without React (decision 0059): the quantity of the cart the
// browser keeps ("shopping_cart", admission id to quantity: app/lib/cart.ts), shown in the
// page's digits, following each change (this tab's Booking, another tab). And, as
// app/lib/cart-owner.ts does on the pages with React, another account's cart is emptied.
const cartKey = "shopping_cart";
const ownerKey = "shopping_cart_owner";
const changed = "maktab:cart-changed";

const link = document.querySelector(".cart-link");
const badge = link?.querySelector(".cart-badge");
const account = document.querySelector(".site-header")?.getAttribute("data-account") || null;
const digits = new Intl.NumberFormat(document.documentElement.lang === "bn" ? "bn-BD" : "en");

function quantity(raw) {
  try {
    const cart = JSON.parse(raw || "{}");
    return Object.values(cart).reduce(
      (sum, value) => sum + (typeof value === "number" && value > 0 ? Math.floor(value) : 0),
      0,
    );
  } catch {
    return 0;
  }
}

function show() {
  if (!link || !badge) return;
  let count = 0;
  try {
    count = quantity(localStorage.getItem(cartKey));
  } catch {}
  const text = digits.format(count);
  badge.textContent = text;
  link.setAttribute("aria-label", (link.getAttribute("data-label") || "").replace("{count}", text));
  link.hidden = count === 0 && !account;
}

// The account's mark is the page's data-account (a hash of the account's id, the same mark
// app/lib/cart-owner.ts keeps on the pages with React).
const current = account;

/** A filled cart is the signed-in account's (a Booking on this page: app/scripts/booking.js). */
function stamp() {
  try {
    if (current && localStorage.getItem(cartKey)) localStorage.setItem(ownerKey, current);
  } catch {}
}

try {
  const owner = localStorage.getItem(ownerKey);
  if (owner && owner !== current) {
    localStorage.removeItem(cartKey);
    localStorage.removeItem(ownerKey);
  } else if (!owner) stamp();
} catch {}

show();
addEventListener("storage", show);
addEventListener(changed, () => {
  stamp();
  show();
});
