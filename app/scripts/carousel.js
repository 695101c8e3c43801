// The carousels of a page without React (decision 0059), as app/ui/carousel.tsx does with it: the
// track swipes by itself (scroll snapping); this shows Previous, Next and a dot per view when there
// is more than one (the stylesheet's --shown slides a view), and moves a whole view at a time in
// the carousel's data-speed ms, wrapping around.
for (const carousel of document.querySelectorAll(".carousel")) {
  const track = carousel.querySelector(".carousel__track");
  const controls = carousel.querySelector(".carousel__controls");
  if (!track || !controls) continue;
  const [previous, next] = controls.querySelectorAll(".carousel__arrow");
  const dots = [...controls.querySelectorAll(".carousel__dot")];
  const slides = track.children.length;
  const speed = Number(carousel.getAttribute("data-speed") ?? 500);
  let page = 0;
  let pages = 1;

  const measure = () => {
    const shown = Math.max(1, Math.round(Number(getComputedStyle(track).getPropertyValue("--shown")) || 1));
    pages = Math.ceil(slides / shown);
    page = Math.min(pages - 1, Math.round(track.scrollLeft / Math.max(1, track.clientWidth)));
    controls.hidden = pages <= 1;
    dots.forEach((dot, index) => {
      dot.hidden = index >= pages;
      if (index === page) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };

  const goTo = (target) => {
    const wrapped = (target + pages) % pages;
    const to = wrapped * track.clientWidth;
    const from = track.scrollLeft;
    if (matchMedia("(prefers-reduced-motion: reduce)").matches || speed <= 0) {
      track.scrollLeft = to;
      return;
    }
    // scrollTo's smooth behaviour has no duration; the specification asks for 500 ms.
    const start = performance.now();
    track.style.scrollSnapType = "none";
    const step = (now) => {
      const progress = Math.min(1, (now - start) / speed);
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      track.scrollLeft = from + (to - from) * eased;
      if (progress < 1) requestAnimationFrame(step);
      else track.style.scrollSnapType = "";
    };
    requestAnimationFrame(step);
  };

  previous?.addEventListener("click", () => goTo(page - 1));
  next?.addEventListener("click", () => goTo(page + 1));
  dots.forEach((dot, index) => {
    dot.addEventListener("click", () => goTo(index));
  });
  track.addEventListener("scroll", measure, { passive: true });
  addEventListener("resize", measure);
  measure();
}
