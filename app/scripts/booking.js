// An admission's Booking button on a page without React (decision 0059), as
// app/components/details/booking-button.tsx does with it: one more of the admission in the cart
// the browser keeps ("shopping_cart", at most data-max), the header's badge told
// (app/scripts/cart-badge.js, which also marks whose cart it is), and the specification's words
// in the page's notices for 6 s.
const cartKey = "shopping_cart";

function announce(text, tone) {
  const region = document.querySelector(".notice-region");
  const template = document.querySelector("template[data-booking-notice]");
  if (!region || !template) return;
  // The template holds the two tones' notices: success, then error.
  const shapes = template.content.children;
  const notice = (tone === "error" ? shapes[1] : shapes[0]).cloneNode(true);
  notice.firstElementChild.textContent = text;
  notice.querySelector("button")?.addEventListener("click", () => notice.remove());
  region.append(notice);
  while (region.children.length > 3) region.firstElementChild.remove();
  setTimeout(() => notice.remove(), 6000);
}

function add(id, max) {
  let cart = {};
  try {
    const stored = JSON.parse(localStorage.getItem(cartKey) || "{}");
    if (stored && typeof stored === "object" && !Array.isArray(stored)) cart = stored;
  } catch {}
  try {
    const had = typeof cart[id] === "number" && cart[id] >= 1 ? Math.floor(cart[id]) : 0;
    cart[id] = Math.min(had + 1, max);
    localStorage.setItem(cartKey, JSON.stringify(cart));
  } catch {
    return false;
  }
  dispatchEvent(new Event("maktab:cart-changed"));
  return true;
}

for (const button of document.querySelectorAll("button[data-admission]")) {
  button.addEventListener("click", () => {
    const max = Number(button.getAttribute("data-max")) || 99;
    if (add(button.getAttribute("data-admission"), max))
      announce(button.getAttribute("data-added"), "success");
    else announce(button.getAttribute("data-failed"), "error");
  });
}
