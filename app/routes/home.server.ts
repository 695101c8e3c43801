// The home page's data: the top (carousel and latest admissions) awaited, the lower sections as
// promises the page streams in. Each record is cut down to what its card shows.
import { href } from "react-router";
import { toMajorUnits } from "../../common/money";
import { excerpt } from "../../i18n/format";
import { type Actor, anonymous } from "../../server/domain/actor";
import { admissionCollection } from "../../server/domain/admissions";
import { blogCollection, publishedBlogs } from "../../server/domain/blogs";
import type { ContentContext, ImageView } from "../../server/domain/content/collection";
import { upcomingEvents } from "../../server/domain/events";
import { noticeCollection } from "../../server/domain/notices";
import { resultCollection } from "../../server/domain/results";
import { serviceCollection } from "../../server/domain/services";
import { studentCollection } from "../../server/domain/students";
import { listFeaturedTeachers } from "../../server/domain/teachers";

/** The specification's home list sizes (section 9). */
export const homeSizes = {
  admissions: 3,
  teachers: 6,
  results: 2,
  services: 3,
  students: 5,
  blogs: 6,
  notices: 5,
  events: 4,
  slides: 4,
};

/** A text cut to at most `length` characters, the ellipsis included. */
export function cut(text: string, length = 100): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= length ? flat : excerpt(flat, length - 1);
}

export type HomeSlide = {
  kind: "admission" | "blog";
  id: string;
  title: string;
  line: string;
  href: string;
  image: ImageView;
};

const newest = (limit: number) => ({ limit, offset: 0 });

async function loadTop(ctx: ContentContext, actor: Actor) {
  const [admissions, blogs] = await Promise.all([
    admissionCollection.list(ctx, actor, newest(homeSizes.admissions)),
    blogCollection.list(ctx, actor, { ...newest(homeSizes.slides), filters: publishedBlogs }),
  ]);
  const admissionSlides: HomeSlide[] = admissions.items.flatMap((a) =>
    a.image
      ? [
          {
            kind: "admission",
            id: a.id,
            title: a.title,
            line: cut(a.about, 90),
            href: href("/admition/:booking", { booking: a.id }),
            image: a.image,
          },
        ]
      : [],
  );
  const blogSlides: HomeSlide[] = blogs.items.flatMap((b) =>
    b.image
      ? [
          {
            kind: "blog",
            id: b.id,
            title: b.title,
            line: cut(b.body, 90),
            href: href("/blog/:id", { id: b.id }),
            image: b.image,
          },
        ]
      : [],
  );
  // Alternate admissions and blogs, the newest of each first.
  const slides: HomeSlide[] = [];
  for (
    let i = 0;
    slides.length < homeSizes.slides && i < Math.max(admissionSlides.length, blogSlides.length);
    i++
  ) {
    for (const slide of [admissionSlides[i], blogSlides[i]]) {
      if (slide && slides.length < homeSizes.slides) slides.push(slide);
    }
  }
  return {
    slides,
    admissions: admissions.items.map((a) => ({
      id: a.id,
      title: a.title,
      about: cut(a.about),
      price: toMajorUnits(a.priceMinor),
      image: a.image,
    })),
  };
}

/**
 * The lower sections, each a promise of its cards (started at once, awaited by no one here).
 * Teachers and students are the published ones, as a visitor sees them, whoever asks: the
 * review queue is the dashboard's.
 */
function loadLower(ctx: ContentContext, actor: Actor) {
  return {
    teachers: listFeaturedTeachers(ctx, anonymous, homeSizes.teachers).then((items) =>
      items.map((t) => ({
        id: t.id,
        name: t.name,
        position: t.position,
        category: t.category,
        image: t.image,
      })),
    ),
    results: resultCollection
      .list(ctx, actor, newest(homeSizes.results))
      .then(({ items }) =>
        items.map((r) => ({ id: r.id, title: r.title, information: cut(r.information), image: r.image })),
      ),
    services: serviceCollection
      .list(ctx, actor, newest(homeSizes.services))
      .then(({ items }) =>
        items.map((s) => ({ id: s.id, name: s.name, about: cut(s.about), image: s.image })),
      ),
    students: studentCollection.list(ctx, anonymous, newest(homeSizes.students)).then(({ items }) =>
      items.map((s) => ({
        id: s.id,
        name: s.name,
        className: s.className,
        description: cut(s.description, 100),
        image: s.image,
      })),
    ),
    blogs: blogCollection
      .list(ctx, actor, { ...newest(homeSizes.blogs), filters: publishedBlogs })
      .then(({ items }) =>
        items.map((b) => ({
          id: b.id,
          title: b.title,
          category: b.category,
          date: b.createdAt.toISOString(),
          image: b.image,
        })),
      ),
    events: upcomingEvents(ctx, homeSizes.events).then((items) =>
      items.map((e) => ({
        id: e.id,
        title: e.title,
        startsAt: e.startsAt.toISOString(),
        endsAt: e.endsAt.toISOString(),
        allDay: e.allDay,
        place: e.place,
      })),
    ),
    notices: noticeCollection.list(ctx, actor, newest(homeSizes.notices)).then(({ items }) =>
      items.map((n) => ({
        id: n.id,
        title: n.title,
        about: cut(n.about, 140),
        date: n.createdAt.toISOString(),
      })),
    ),
  };
}

/** Everything the home page shows: the top awaited, the lower sections as promises. */
export async function loadHome(ctx: ContentContext, actor: Actor) {
  // The lower queries start first so that they run while the top is awaited.
  const lower = loadLower(ctx, actor);
  // Marked handled here: the page still receives a failure, but a top that fails first cannot
  // leave them as unhandled rejections.
  for (const promise of Object.values(lower)) promise.catch(() => {});
  const top = await loadTop(ctx, actor);
  return { ...top, ...lower };
}

export type HomeData = Awaited<ReturnType<typeof loadHome>>;
export type HomeAdmission = HomeData["admissions"][number];
export type HomeTeacher = Awaited<HomeData["teachers"]>[number];
export type HomeResult = Awaited<HomeData["results"]>[number];
export type HomeService = Awaited<HomeData["services"]>[number];
export type HomeStudent = Awaited<HomeData["students"]>[number];
export type HomeBlog = Awaited<HomeData["blogs"]>[number];
export type HomeNotice = Awaited<HomeData["notices"]>[number];
export type HomeEvent = Awaited<HomeData["events"]>[number];
