import { randomBytes } from "node:crypto";
// Page templates (decision 0037): a placeholder is filled as React would have written the value, one
// render serves a burst of requests for the same page, and a page declared the same for a view
// that differs between two readers stops being shared.
import { createElement } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  fillTemplate,
  nobody,
  parseTemplate,
  placeholderTokens,
  templateKey,
} from "../../server/cache/page-template-placeholders";
import { createPageTemplates, type Template } from "../../server/cache/page-templates";

const hostile = [`Rahim <b>&amp; "O'Neil"</b>`, "করিম </script>", "Salma \u2028 😀 \\"];

describe("a template's placeholders", () => {
  it("are filled in text and attributes as React writes the value itself", async () => {
    const view = (name: string, image: string) =>
      createElement("p", { title: name }, createElement("img", { src: image, alt: "" }), name);
    const template = parseTemplate(renderToString(view(placeholderTokens.name, placeholderTokens.image)));
    for (const name of hostile) {
      const person = {
        name,
        email: "a@b.test",
        account: "0123abcd",
        image: `/files/images/${name}.webp`,
        initials: "R",
      };
      expect(fillTemplate(template, person, "n0nce")).toBe(renderToString(view(name, person.image)));
    }
  });

  it("fill a page's own part whole where the page shows it, and as a string in the page's data", () => {
    // The part as a server renders it (a marksheet), and a page whose data carries it as a string.
    const part = (text: string) => renderToStaticMarkup(createElement("p", { title: text }, text));
    const data = (value: string) => JSON.stringify(JSON.stringify([value]));
    const page = (markup: string, inData: string) =>
      `<div class="part">${markup}</div><script>window.__reactRouterContext.streamController.enqueue(${inData});</script>`;
    const template = parseTemplate(page(placeholderTokens.part, data(placeholderTokens.part)));
    expect(template.placeholders).toEqual([
      { name: "part", in: "html" },
      { name: "part", in: "data" },
    ]);
    for (const text of hostile) {
      const filled = fillTemplate(template, nobody, "n0nce", { part: part(text) });
      const script = /<script>([\s\S]*?)<\/script>/.exec(filled)?.[1] ?? "";
      // Whole in the page, React's escaping kept; in the data, no "</script>" and the same string.
      expect(filled.startsWith(`<div class="part">${part(text)}</div><script>`)).toBe(true);
      expect(script).not.toMatch(/<\/script|<!--/i);
      const carried = JSON.parse(script.slice(script.indexOf("(") + 1, script.lastIndexOf(")")));
      expect(JSON.parse(carried)).toEqual([part(text)]);
    }
  });
});

describe("the templates kept", () => {
  const template = (text: string): Template => ({
    pieces: [{ raw: Buffer.from(text) }],
    placeholders: [],
    bytes: 10,
  });

  it("render once for requests that need the same missing template at once", async () => {
    const templates = createPageTemplates();
    let release = () => {};
    let renders = 0;
    const make = () => {
      renders++;
      return new Promise<{ template: Template; keep: boolean }>((resolve) => {
        release = () => resolve({ template: template("page"), keep: true });
      });
    };
    const waiting = Array.from({ length: 10 }, () => templates.get("key", make));
    release();
    const answers = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(answers.map((answer) => answer.template)).size).toBe(1);
    expect(templates.stats().made).toBe(1);
  });

  it("find a page by its view until two readers of the view turn out to see different pages", async () => {
    const templates = createPageTemplates();
    await templates.get("one", async () => ({ template: template("one"), keep: true }));
    await templates.get("two", async () => ({ template: template("two"), keep: true }));
    expect(templates.share("view", "one", [])).toBe(true);
    expect(templates.forView("view")?.template.pieces[0]?.raw.toString()).toBe("one");
    expect(templates.share("view", "two", [])).toBe(false);
    expect(templates.forView("view")).toBeUndefined();
    expect(templates.share("view", "one", [])).toBe(false);
  });

  it("find a person's own page by its view with their held values, the newer page taking the older's place", async () => {
    const templates = createPageTemplates();
    await templates.get("one", async () => ({ template: template("one"), keep: true }));
    await templates.get("two", async () => ({ template: template("two"), keep: true }));
    expect(templates.share("mine", "one", [], { personal: true, held: { about: "first" } })).toBe(true);
    expect(templates.forView("mine")?.held).toEqual({ about: "first" });
    expect(templates.share("mine", "two", [], { personal: true, held: { about: "second" } })).toBe(true);
    const found = templates.forView("mine");
    expect(found?.template.pieces[0]?.raw.toString()).toBe("two");
    expect(found?.held).toEqual({ about: "second" });
  });

  it("make a template for one answer alone without keeping it", async () => {
    const templates = createPageTemplates();
    await templates.get(null, async () => ({ template: template("mine"), keep: false }));
    await templates.get(null, async () => ({ template: template("mine"), keep: false }));
    expect(templates.stats()).toMatchObject({ templates: 0, made: 2 });
  });

  it("compress a template when it is used again, and count its gzip blocks in the memory bound", async () => {
    // Text that compresses poorly, so that the blocks are about as large as the text.
    const page = (): Template => {
      const raw = Buffer.from(randomBytes(3000).toString("base64"));
      return { pieces: [{ raw }], placeholders: [], bytes: raw.length };
    };
    // Eight pages fill the bound exactly (none may take more than an eighth of it).
    const pages = Array.from({ length: 8 }, page);
    const templates = createPageTemplates({ maxBytes: 8 * 4000 });
    for (const [index, template] of pages.entries())
      await templates.get(`page ${index}`, async () => ({ template, keep: true }));
    expect(templates.stats()).toMatchObject({ templates: 8, bytes: 8 * 4000 });
    const last = pages[7] as Template;
    expect(last.pieces[0]?.deflated).toBeUndefined();

    // The last page's second use compresses it; with its blocks the eight no longer fit.
    expect((await templates.get("page 7", async () => ({ template: page(), keep: true }))).made).toBe(false);
    await last.compressing;
    expect(last.pieces[0]?.deflated?.length).toBeGreaterThan(3000);
    expect(last.bytes).toBeGreaterThan(7000);
    expect(templates.stats()).toMatchObject({ templates: 7, bytes: 6 * 4000 + last.bytes });
    expect((await templates.get("page 0", async () => ({ template: page(), keep: true }))).made).toBe(true);
  });
});

describe("a template's key", () => {
  const bytes = (text: string) => [new TextEncoder().encode(text)];
  /** The home page's data: its lower sections settle in `order`. */
  const home = async (order: ("teachers" | "notices")[], notices = ["Sports day"]) => {
    const values = { teachers: [{ name: "Amina", since: new Date(0) }], notices };
    const settled: Record<string, Promise<unknown>> = {};
    const resolvers: Record<string, () => void> = {};
    for (const section of ["teachers", "notices"] as const) {
      settled[section] = new Promise((resolve) => {
        resolvers[section] = () => resolve(values[section]);
      });
    }
    for (const section of order) resolvers[section]?.();
    await Promise.all(Object.values(settled));
    return { loaderData: { "routes/home": { slides: [], ...settled } }, actionData: null, errors: null };
  };

  it("is the same for the same data whatever order its sections settled in", async () => {
    const first = await templateKey(
      "/",
      await home(["teachers", "notices"]),
      bytes("teachers, then notices"),
    );
    const second = await templateKey(
      "/",
      await home(["notices", "teachers"]),
      bytes("notices, then teachers"),
    );
    expect(second).toBe(first);
  });

  it("differs with the data, the address, or a section that failed", async () => {
    const key = await templateKey("/", await home(["teachers", "notices"]), bytes("x"));
    expect(await templateKey("/", await home(["teachers", "notices"], ["Exam week"]), bytes("x"))).not.toBe(
      key,
    );
    expect(await templateKey("/home", await home(["teachers", "notices"]), bytes("x"))).not.toBe(key);
    const failed = Promise.reject(new Error("no answer"));
    failed.catch(() => {});
    await failed.catch(() => {});
    const route = { loaderData: { "routes/home": { teachers: failed } }, actionData: null, errors: null };
    const fine = {
      loaderData: { "routes/home": { teachers: Promise.resolve(undefined) } },
      actionData: null,
      errors: null,
    };
    expect(await templateKey("/", route, bytes("x"))).not.toBe(await templateKey("/", fine, bytes("x")));
  });

  it("is the serialized bytes' when a section was still pending as the page was sent", async () => {
    const route = {
      loaderData: { "routes/home": { teachers: new Promise(() => {}) } },
      actionData: null,
      errors: null,
    };
    expect(await templateKey("/", route, bytes("a"))).not.toBe(await templateKey("/", route, bytes("b")));
    expect(await templateKey("/", route, bytes("a"))).toBe(await templateKey("/", route, bytes("a")));
  });

  it("is the serialized bytes' for data JSON cannot say, such as a Map", async () => {
    const route = (entry: string) => ({
      loaderData: { "routes/home": { seen: new Map([[entry, 1]]) } },
      actionData: null,
      errors: null,
    });
    expect(await templateKey("/", route("a"), bytes("Map a"))).not.toBe(
      await templateKey("/", route("b"), bytes("Map b")),
    );
    expect(await templateKey("/", route("a"), bytes("same"))).toBe(
      await templateKey("/", route("b"), bytes("same")),
    );
  });
});
