// The top of the home page: the page heading, the carousel of the latest admissions and blogs
// that have pictures, and the counters.
import { useI18n } from "../../lib/i18n";
import type { HomeSlide } from "../../routes/home.server";
import { ButtonLink, Carousel, Picture } from "../../ui";

export function Hero({ slides }: { slides: HomeSlide[] }) {
  const { t } = useI18n();
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="container">
        <div className="home-hero__intro">
          <h1 id="home-title">{t("home.title")}</h1>
          <p>{t("home.lead")}</p>
        </div>
        {slides.length > 0 ? (
          <Carousel
            label={t("home.hero.label")}
            slides={slides.map((slide, index) => <Slide key={slide.id} slide={slide} first={index === 0} />)}
            perView={{ base: 1 }}
            speed={500}
            labels={{
              previous: t("home.hero.previous"),
              next: t("home.hero.next"),
              goTo: t("home.hero.goTo"),
              slide: t("home.hero.slide"),
            }}
            testId="home-carousel"
          />
        ) : null}
      </div>
    </section>
  );
}

function Slide({ slide, first }: { slide: HomeSlide; first: boolean }) {
  const { t } = useI18n();
  const admission = slide.kind === "admission";
  return (
    <div className="hero-slide">
      <Picture
        image={slide.image}
        alt={slide.title}
        sizes="(min-width: 1200px) 1168px, calc(100vw - 32px)"
        className="hero-slide__media"
        priority={first}
        width={1280}
        height={720}
      />
      <div className="hero-slide__text">
        <span className="badge">{admission ? t("home.hero.admission") : t("home.hero.blog")}</span>
        <h2 className="hero-slide__title">{slide.title}</h2>
        <p>{slide.line}</p>
        <ButtonLink to={slide.href} size="small" prefetch="intent">
          {admission ? t("home.admissions.checkOut") : t("home.hero.readMore")}
          <span className="visually-hidden">: {slide.title}</span>
        </ButtonLink>
      </div>
    </div>
  );
}

const counters = ["home.counters.branches", "home.counters.classes", "home.counters.students"] as const;

export function Counters() {
  const { t } = useI18n();
  return (
    <section className="home-counters" aria-labelledby="counters-heading">
      <div className="container">
        <h2 id="counters-heading" className="visually-hidden">
          {t("home.counters.heading")}
        </h2>
        <ul className="home-counters__list">
          {counters.map((key) => {
            // "3+ branches": the figure large, the words beneath.
            const [figure, ...words] = t(key).split(" ");
            return (
              <li key={key} className="home-counter">
                <strong className="home-counter__figure">{figure}</strong>
                <span>{words.join(" ")}</span>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
