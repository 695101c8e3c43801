// A carousel on native scroll snapping: it swipes without script; with script, Previous, Next
// and the dots move a whole view at a time (perView slides), in `speed` ms, and wrap around.
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";

/** How many slides the stylesheet shows at this width (--shown). */
function slidesShown(track: HTMLElement): number {
  return Math.max(1, Math.round(Number(getComputedStyle(track).getPropertyValue("--shown")) || 1));
}

export function Carousel({
  label,
  slides,
  perView = { base: 1 },
  speed = 500,
  labels,
  testId,
}: {
  label: string;
  slides: ReactNode[];
  /** Slides shown at once: on phones, from 600 px and from 900 px. */
  perView?: { base: number; sm?: number; md?: number };
  speed?: number;
  labels: { previous: string; next: string; goTo: string; slide: string };
  testId?: string;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [page, setPage] = useState(0);
  const [pageCount, setPageCount] = useState(1);

  useEffect(() => {
    const element = track.current;
    if (!element) return;
    const measure = () => {
      const count = Math.ceil(slides.length / slidesShown(element));
      setPageCount(count);
      setPage(Math.min(count - 1, Math.round(element.scrollLeft / Math.max(1, element.clientWidth))));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      element.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [slides.length]);

  function goTo(target: number) {
    const element = track.current;
    if (!element) return;
    const wrapped = (target + pageCount) % pageCount;
    const to = wrapped * element.clientWidth;
    const from = element.scrollLeft;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (reduce || speed <= 0) {
      element.scrollLeft = to;
      return;
    }
    // scrollTo's smooth behaviour has no duration; the specification asks for 500 ms.
    const start = performance.now();
    element.style.scrollSnapType = "none";
    const step = (now: number) => {
      const progress = Math.min(1, (now - start) / speed);
      const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
      element.scrollLeft = from + (to - from) * eased;
      if (progress < 1) requestAnimationFrame(step);
      else element.style.scrollSnapType = "";
    };
    requestAnimationFrame(step);
    setPage(wrapped);
  }

  const style = {
    "--per-view": perView.base,
    "--per-view-sm": perView.sm ?? perView.base,
    "--per-view-md": perView.md ?? perView.sm ?? perView.base,
  } as CSSProperties;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-testid={testId}
      data-speed={speed}
    >
      <div className="carousel__track" ref={track} style={style}>
        {slides.map((slide, index) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: slides keep their order
            key={index}
            className="carousel__slide"
            role="group"
            aria-roledescription={labels.slide}
            aria-label={`${index + 1} / ${slides.length}`}
          >
            {slide}
          </div>
        ))}
      </div>
      {/* Always in the markup (its rules then come with the page: 0041), shown when there is more
          than a view: on a page without React, app/scripts/carousel.js works them (0059). */}
      <div className="carousel__controls" hidden={pageCount <= 1}>
        <button
          type="button"
          className="carousel__arrow"
          aria-label={labels.previous}
          onClick={() => goTo(page - 1)}
        >
          ‹
        </button>
        <div className="carousel__dots">
          {Array.from({ length: slides.length }, (_, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: one dot per page
              key={index}
              type="button"
              className="carousel__dot"
              hidden={index >= pageCount}
              aria-label={`${labels.goTo} ${index + 1}`}
              aria-current={index === page ? "true" : undefined}
              onClick={() => goTo(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className="carousel__arrow"
          aria-label={labels.next}
          onClick={() => goTo(page + 1)}
        >
          ›
        </button>
      </div>
    </section>
  );
}
