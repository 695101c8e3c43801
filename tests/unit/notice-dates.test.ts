// A notice dated 14 April 2026 as the notice board renders it (app/components/lists/notice-item.tsx),
// with the institute's choice in the root loader's data (app/components/dates.tsx): ১ বৈশাখ ১৪৩৩ and
// its Hijri date beside the Gregorian one, in Bangla and in English; nothing extra when none is chosen.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { NoticeItem } from "../../app/components/lists/notice-item";
import type { DateSettings } from "../../common/dates";
import { everyPageTexts, textsOfAreas } from "../../i18n";

const notice = {
  id: "n1",
  title: "Pohela Boishakh",
  about: "The madrasah is closed.",
  createdAt: "2026-04-14T04:00:00.000Z",
  image: null,
  download: null,
};

function rendered(locale: "en" | "bn", dates: DateSettings): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => null,
      Component: () => createElement("ul", null, createElement(NoticeItem, { notice })),
    },
  ]);
  const messages = { ...everyPageTexts[locale], ...textsOfAreas(locale, ["lists"]) };
  return renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: ["/"],
      hydrationData: { loaderData: { root: { locale, messages, dates } } },
    }),
  );
}

describe("a notice's date", () => {
  it("shows the Bangla calendar's and the Hijri date in Bangla", () => {
    const html = rendered("bn", { calendars: "both", hijriOffset: 0 });
    expect(html).toContain("১৪ এপ্রিল, ২০২৬");
    expect(html).toContain("১ বৈশাখ ১৪৩৩ বঙ্গাব্দ");
    expect(html).toContain("২৬ শাওয়াল ১৪৪৭ হিজরি");
  });

  it("shows them in English", () => {
    const html = rendered("en", { calendars: "both", hijriOffset: 0 });
    expect(html).toContain("14 April 2026");
    expect(html).toContain("1 Boishakh 1433 BS");
    expect(html).toContain("26 Shawwal 1447 AH");
  });

  it("shows only the chosen calendar, with the offset", () => {
    const html = rendered("en", { calendars: "hijri", hijriOffset: 1 });
    expect(html).toContain("27 Shawwal 1447 AH");
    expect(html).not.toContain("1 Boishakh");
    expect(rendered("bn", { calendars: "none", hijriOffset: 0 })).not.toMatch(/বৈশাখ|হিজরি/);
  });
});
