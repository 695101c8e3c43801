// The album's photo viewer on a page without React (decision 0059; its markup:
// app/components/gallery/photo-viewer.tsx). A click on a thumbnail opens the dialog with that
// photo, in the sizes of the viewer; ← and → and a swipe move, Escape or Close closes, and focus
// comes back to the thumbnail of the photo last shown. The address follows the photo (replaced,
// so Back leaves the album as before).
const dialog = document.querySelector("dialog.photo-viewer");
const links = [...document.querySelectorAll("a[data-photo]")];
const albumPath = location.pathname;
/** A finger moved at least this far sideways is a swipe. */
const swipeDistance = 50;

if (dialog && links.length > 0) {
  const frame = dialog.querySelector("[data-viewer-image]");
  const caption = dialog.querySelector("[data-viewer-caption]");
  const position = dialog.querySelector("[data-viewer-position]");
  const previousButton = dialog.querySelector('[data-viewer="previous"]');
  const nextButton = dialog.querySelector('[data-viewer="next"]');
  const closeButton = dialog.querySelector('[data-viewer="close"]');
  const digits = new Intl.NumberFormat(document.documentElement.lang === "bn" ? "bn-BD" : "en");
  let shown = null;
  let touchStart = null;

  const show = (index) => {
    const link = links[index];
    if (!link) return;
    shown = index;
    const picture = link.firstElementChild?.cloneNode(true);
    const image = picture?.matches("img") ? picture : picture?.querySelector("img");
    for (const source of picture?.querySelectorAll("[sizes]") ?? []) {
      source.setAttribute("sizes", "(min-width: 1000px) 960px, 100vw");
    }
    if (image) {
      if (image.hasAttribute("sizes")) image.setAttribute("sizes", "(min-width: 1000px) 960px, 100vw");
      image.className = "photo-viewer__image";
      image.loading = "eager";
    }
    frame.replaceChildren(...(picture ? [picture] : []));
    caption.textContent = image?.alt ?? "";
    position.textContent = position
      .getAttribute("data-viewer-position")
      .replace("{number}", digits.format(index + 1));
    previousButton.disabled = index === 0;
    nextButton.disabled = index === links.length - 1;
    history.replaceState(history.state, "", link.href);
  };

  links.forEach((link, index) => {
    link.addEventListener("click", (event) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      show(index);
      if (!dialog.open) {
        dialog.showModal();
        closeButton.focus();
      }
    });
  });
  previousButton.addEventListener("click", () => shown > 0 && show(shown - 1));
  nextButton.addEventListener("click", () => shown < links.length - 1 && show(shown + 1));
  closeButton.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    const link = links[shown];
    shown = null;
    frame.replaceChildren();
    history.replaceState(history.state, "", albumPath);
    link?.focus();
  });
  dialog.addEventListener("keydown", (event) => {
    if (shown === null) return;
    if (event.key === "ArrowLeft" && shown > 0) show(shown - 1);
    else if (event.key === "ArrowRight" && shown < links.length - 1) show(shown + 1);
    else return;
    event.preventDefault();
  });
  dialog.addEventListener("touchstart", (event) => {
    touchStart = event.touches[0]?.clientX ?? null;
  });
  dialog.addEventListener("touchend", (event) => {
    const start = touchStart;
    const end = event.changedTouches[0]?.clientX;
    touchStart = null;
    if (start === null || end === undefined || shown === null) return;
    if (end - start > swipeDistance && shown > 0) show(shown - 1);
    if (start - end > swipeDistance && shown < links.length - 1) show(shown + 1);
  });
}
