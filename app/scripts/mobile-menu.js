// The phone menu's keyboard rules on a page without React (decision 0059), as
// app/lib/use-slide-out.ts gives them with it: the menu is a <details> that opens by itself
// (app/components/mobile-menu.tsx); open, focus moves into it and Tab goes round the menu and its
// button (the panel covers the page), Escape closes it and gives focus back to the button, and a
// click outside closes it. The button's name says whether it opens or closes the menu.
const menu = document.querySelector("details.mobile-menu-toggle");
const button = menu?.querySelector("summary");
const panel = menu?.querySelector("#mobile-menu");

if (menu && button && panel) {
  const focusable = () => [...panel.querySelectorAll("a, button")];
  const onKey = (event) => {
    if (event.key === "Escape") {
      menu.open = false;
      button.focus();
    }
    if (event.key !== "Tab") return;
    // The button sits just before the panel, so only the two ends of the loop need help.
    const last = focusable().at(-1);
    if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      button.focus();
    } else if (event.shiftKey && document.activeElement === button && last) {
      event.preventDefault();
      last.focus();
    }
  };
  const onPointer = (event) => {
    if (!panel.contains(event.target) && !button.contains(event.target)) menu.open = false;
  };
  menu.addEventListener("toggle", () => {
    const open = menu.open;
    button.setAttribute("data-open", String(open));
    const label = button.getAttribute(open ? "data-close-label" : "data-open-label");
    if (label) button.setAttribute("aria-label", label);
    if (open) {
      focusable()[0]?.focus();
      document.addEventListener("keydown", onKey);
      document.addEventListener("pointerdown", onPointer);
    } else {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    }
  });
}
