// One photo's own page without React (decision 0059): ← and → and a sideways swipe follow its
// Previous and Next links (rel="prev", rel="next"), as the album's viewer moves.
const swipeDistance = 50;
const go = (rel) => {
  const link = document.querySelector(`.gallery-photo__nav a[rel="${rel}"]`);
  if (link) location.assign(link.href);
};
addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.target instanceof Element && event.target.closest("input, textarea, select")) return;
  if (event.key === "ArrowLeft") go("prev");
  else if (event.key === "ArrowRight") go("next");
});
let touchStart = null;
const figure = document.querySelector(".gallery-photo__figure");
figure?.addEventListener("touchstart", (event) => {
  touchStart = event.touches[0]?.clientX ?? null;
});
figure?.addEventListener("touchend", (event) => {
  const start = touchStart;
  const end = event.changedTouches[0]?.clientX;
  touchStart = null;
  if (start === null || end === undefined) return;
  if (end - start > swipeDistance) go("prev");
  else if (start - end > swipeDistance) go("next");
});
