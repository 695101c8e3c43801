// The figures' SVG charts (server/exam-results/figure-charts.ts), read back as the XML they are: the
// bars' sizes against arithmetic done by hand, the words a screen reader gets, and escaping.
import { describe, expect, it } from "vitest";
import type { ExamFigures } from "../../server/domain/exam-reports";
import {
  estimatedWidth,
  gradesChart,
  gradesLayout,
  labelLines,
  subjectsChart,
  subjectsLayout,
} from "../../server/exam-results/figure-charts";

type XmlNode = { name: string; attributes: Record<string, string>; children: (XmlNode | string)[] };

/**
 * A strict reader of the XML the charts are made of (elements, double-quoted attributes, text,
 * the five named entities and character references): anything else is an error, so an unescaped
 * "<" or "&" fails the test that wrote it.
 */
function parseXml(source: string): XmlNode {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${at}: ${source.slice(at, at + 60)}`);
  };
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  const decode = (text: string) => {
    if (/[<>]/.test(text)) fail("a raw < or >");
    if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(text)) fail("a raw &");
    return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, entity: string) =>
      entity.startsWith("#x")
        ? String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
        : entity.startsWith("#")
          ? String.fromCodePoint(Number(entity.slice(1)))
          : (named[entity] ?? ""),
    );
  };
  const element = (): XmlNode => {
    const open = /^<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"]*")*)\s*(\/?)>/.exec(source.slice(at));
    if (!open) return fail("not a tag");
    at += open[0].length;
    const node: XmlNode = { name: open[1]!, attributes: {}, children: [] };
    for (const [, name, value] of open[2]!.matchAll(/([A-Za-z][\w:.-]*)="([^"]*)"/g)) {
      if (name! in node.attributes) fail(`${name} twice`);
      node.attributes[name!] = decode(value!);
    }
    if (open[3]) return node;
    for (;;) {
      const next = source.indexOf("<", at);
      if (next === -1) fail(`${node.name} is not closed`);
      const text = source.slice(at, next);
      if (text) node.children.push(decode(text));
      at = next;
      if (source.startsWith(`</${node.name}>`, at)) {
        at += node.name.length + 3;
        return node;
      }
      if (source.startsWith("</", at)) fail(`${node.name} closed by another tag`);
      node.children.push(element());
    }
  };
  const root = element();
  if (source.slice(at).trim()) fail("something after the root");
  return root;
}

const elements = (node: XmlNode): XmlNode[] =>
  node.children.flatMap((child) => (typeof child === "string" ? [] : [child, ...elements(child)]));
const textOf = (node: XmlNode): string =>
  node.children.map((child) => (typeof child === "string" ? child : textOf(child))).join("");
const withClass = (root: XmlNode, name: string, kind: string) =>
  elements(root).filter((node) => node.name === name && node.attributes.class === kind);
const one = (root: XmlNode, name: string) => {
  const found = elements(root).filter((node) => node.name === name);
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** The small class of tests/api/exam-reports.test.ts, and ICT marked out of 50. */
function figures(rest: Partial<ExamFigures> = {}): ExamFigures {
  return {
    exam: {
      id: "e1",
      name: "Half-yearly Examination",
      session: "2026",
      class: "Class Eight",
      scheme: "national",
      published: true,
      figuresPublic: true,
    },
    students: 7,
    sat: 6,
    absent: 1,
    passed: 5,
    failed: 1,
    passRate: 83.3,
    aPlus: 2,
    grades: [
      { grade: "A+", count: 2 },
      { grade: "A", count: 1 },
      { grade: "A-", count: 1 },
      { grade: "B", count: 0 },
      { grade: "C", count: 1 },
      { grade: "D", count: 0 },
      { grade: "F", count: 1 },
    ],
    subjects: [
      {
        code: "101",
        name: "Bangla",
        optional: false,
        full: 100,
        sat: 6,
        passed: 5,
        passRate: 83.3,
        average: 68.8,
        highest: 93,
      },
      {
        code: "154",
        name: "ICT",
        optional: false,
        full: 50,
        sat: 6,
        passed: 6,
        passRate: 100,
        average: 41.5,
        highest: 50,
      },
    ],
    ...rest,
  };
}

describe("the grades chart", () => {
  it("draws each grade's bar as tall as its students, the tallest 160 points", () => {
    const svg = parseXml(gradesChart(figures(), { id: "grades", language: "en" }));
    expect(gradesLayout.plotHeight).toBe(160);
    const bars = withClass(svg, "rect", "bar");
    // Two students make the tallest bar: one student is half of 160.
    expect(bars.map((bar) => Number(bar.attributes.height))).toEqual([160, 80, 80, 0, 80, 0, 80]);
    // Standing on the baseline at 28 + 160 = 188.
    expect(bars.map((bar) => Number(bar.attributes.y))).toEqual([28, 108, 108, 188, 108, 188, 108]);
    expect(bars.map((bar) => bar.attributes["data-grade"])).toEqual(["A+", "A", "A-", "B", "C", "D", "F"]);
    expect(withClass(svg, "text", "label").map(textOf)).toEqual(["A+", "A", "A-", "B", "C", "D", "F"]);
    expect(withClass(svg, "text", "count").map(textOf)).toEqual(["2", "1", "1", "0", "1", "0", "1"]);
    // Seven slots of 56 and 12 either side.
    expect(svg.attributes.viewBox).toBe(`0 0 ${7 * 56 + 24} ${28 + 160 + 30}`);
  });

  it("is one image to a screen reader, named and told in words", () => {
    const svg = parseXml(gradesChart(figures(), { id: "grades", language: "en" }));
    expect(svg.name).toBe("svg");
    expect(svg.attributes.role).toBe("img");
    expect(svg.attributes["aria-labelledby"]).toBe("grades-title grades-desc");
    const title = one(svg, "title");
    const desc = one(svg, "desc");
    expect(title.attributes.id).toBe("grades-title");
    expect(desc.attributes.id).toBe("grades-desc");
    expect(textOf(title)).toBe("Students by the grade of their GPA");
    expect(textOf(desc)).toBe("Students who sat the exam: 6. A+: 2; A: 1; A-: 1; B: 0; C: 1; D: 0; F: 1.");
  });

  it("speaks Bangla with Bengali digits, and names divisions for a Qawmi exam", () => {
    const qawmi = figures({
      exam: { ...figures().exam, scheme: "qawmi" },
      grades: [
        { grade: "Mumtaz", count: 3 },
        { grade: "Jayyid Jiddan", count: 0 },
        { grade: "Jayyid", count: 1 },
        { grade: "Maqbul", count: 0 },
        { grade: "Rasib", count: 2 },
      ],
    });
    const svg = parseXml(gradesChart(qawmi, { id: "divisions", language: "bn" }));
    expect(textOf(one(svg, "title"))).toBe("বিভাগ অনুযায়ী শিক্ষার্থী");
    expect(textOf(one(svg, "desc"))).toContain("Mumtaz: ৩ জন; Jayyid Jiddan: ০ জন");
    // Three is the tallest: one is a third of 160, two is two thirds, to a tenth of a point.
    const heights = withClass(svg, "rect", "bar").map((bar) => Number(bar.attributes.height));
    expect(heights).toEqual([160, 0, 53.3, 0, 106.7]);
  });

  it("draws no bar, and no NaN, when nobody sat", () => {
    const empty = figures({ sat: 0, grades: figures().grades.map((g) => ({ ...g, count: 0 })) });
    const source = gradesChart(empty, { id: "none", language: "en" });
    expect(source).not.toContain("NaN");
    const bars = withClass(parseXml(source), "rect", "bar");
    expect(bars.every((bar) => bar.attributes.height === "0")).toBe(true);
  });
});

describe("the subjects chart", () => {
  it("draws each subject's average as a share of its full marks across 300 points", () => {
    const svg = parseXml(subjectsChart(figures(), { id: "subjects", language: "en" }));
    expect(subjectsLayout.plotWidth).toBe(300);
    const bars = withClass(svg, "rect", "bar");
    // 68.8 of 100 is 0.688 of 300 = 206.4; 41.5 of 50 is 0.83 of 300 = 249.
    expect(bars.map((bar) => Number(bar.attributes.width))).toEqual([206.4, 249]);
    expect(bars.map((bar) => Number(bar.attributes.x))).toEqual([190, 190]);
    expect(bars.map((bar) => bar.attributes["data-code"])).toEqual(["101", "154"]);
    expect(withClass(svg, "text", "label").map(textOf)).toEqual(["101 Bangla", "154 ICT"]);
    expect(withClass(svg, "text", "value").map(textOf)).toEqual(["68.8 / 100", "41.5 / 50"]);
    expect(textOf(one(svg, "title"))).toBe("Average marks by subject");
    expect(textOf(one(svg, "desc"))).toBe(
      "Average marks of the students who sat each subject. 101 Bangla: 68.8 of 100, 83.3% passed, " +
        "highest 93; 154 ICT: 41.5 of 50, 100.0% passed, highest 50.",
    );
  });

  it("says when nobody sat a subject, and shortens a long name between letters", () => {
    const long = "তথ্য ও যোগাযোগ প্রযুক্তি এবং কম্পিউটার বিজ্ঞান ও প্রকৌশল শিক্ষার মৌলিক পাঠ";
    const subjects = [
      { ...figures().subjects[0]!, sat: 0, passed: 0, passRate: 0, average: 0, highest: 0 },
      { ...figures().subjects[1]!, name: long },
    ];
    const svg = parseXml(subjectsChart(figures({ subjects }), { id: "subjects", language: "en" }));
    expect(textOf(one(svg, "desc"))).toContain("101 Bangla: nobody sat it");
    expect(withClass(svg, "text", "value").map(textOf)[0]).toBe("–");
    // Wrapped onto two lines at spaces; the second shortened between letters.
    const [, ...lines] = withClass(svg, "text", "label").map(textOf);
    expect(lines).toHaveLength(2);
    const label = lines.join(" ");
    expect(label.endsWith("…")).toBe(true);
    expect(`154 ${long}`.startsWith(label.slice(0, -1))).toBe(true);
    // The full name is still told in the description.
    expect(textOf(one(svg, "desc"))).toContain(long);
  });
});

describe("a subject's label", () => {
  it('wraps a long name onto two lines within the label\'s width, nothing cut ("11 Islam...")', () => {
    const subjects = [{ ...figures().subjects[0]!, code: "111", name: "Islam and Moral Education" }];
    const svg = parseXml(subjectsChart(figures({ subjects }), { id: "subjects", language: "en" }));
    const lines = withClass(svg, "text", "label").map(textOf);
    expect(lines.join(" ")).toBe("111 Islam and Moral Education");
    expect(lines.length).toBe(2);
    for (const line of lines)
      expect(estimatedWidth(line)).toBeLessThanOrEqual(subjectsLayout.labelWidth - 12);
    expect(lines.every((line) => !line.includes("…"))).toBe(true);
  });

  it("wraps a Bangla name too, between words", () => {
    const lines = labelLines("১১১ ইসলাম ও নৈতিক শিক্ষা এবং আরও", 178);
    expect(lines).toHaveLength(2);
    expect(lines.join(" ")).toBe("১১১ ইসলাম ও নৈতিক শিক্ষা এবং আরও");
    for (const line of lines) expect(estimatedWidth(line)).toBeLessThanOrEqual(178);
  });
});

describe("escaping", () => {
  it("keeps a name with < & \" ' well-formed, and reads back as typed", () => {
    const name = `Maths <script>alert("x")</script> & 'more'`;
    const grade = `A<&">`;
    const hostile = figures({
      grades: [{ grade, count: 1 }, ...figures().grades.slice(1)],
      subjects: [{ ...figures().subjects[0]!, name, code: `1"2` }],
    });
    const id = `chart" onload="alert(1)`;
    const gradesSource = gradesChart(hostile, { id, language: "en" });
    const subjectsSource = subjectsChart(hostile, { id, language: "en" });
    for (const source of [gradesSource, subjectsSource]) {
      expect(source).not.toContain("<script>");
      expect(source).not.toContain('" onload="');
    }
    expect(subjectsSource).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;more&apos;",
    );
    const grades = parseXml(gradesSource);
    const subjects = parseXml(subjectsSource);
    expect(withClass(grades, "text", "label").map(textOf)[0]).toBe(grade);
    expect(withClass(grades, "rect", "bar")[0]!.attributes["data-grade"]).toBe(grade);
    expect(textOf(one(grades, "desc"))).toContain(`${grade}: 1`);
    expect(grades.attributes["aria-labelledby"]).toBe(`${id}-title ${id}-desc`);
    expect(textOf(one(subjects, "desc"))).toContain(`1"2 ${name}: 68.8 of 100`);
    expect(withClass(subjects, "rect", "bar")[0]!.attributes["data-code"]).toBe(`1"2`);
  });

  it("leaves out characters XML cannot hold", () => {
    const hostile = figures({ subjects: [{ ...figures().subjects[0]!, name: "Bangla\u0000\u0007\ud800" }] });
    const svg = parseXml(subjectsChart(hostile, { id: "s", language: "en" }));
    expect(withClass(svg, "text", "label").map(textOf)[0]).toBe("101 Bangla");
  });
});
