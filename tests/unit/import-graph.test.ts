// No import circle among the app's, the server's, common/'s and the texts' files (architecture, section 3):
// in a circle, whichever file loads first sees the others half-made, and no file of it can be
// read or moved alone. Types count too (`import type`): a circle of types is still two files that
// each need the other. A circle fails this test, which names its files in import order.
import { describe, expect, it } from "vitest";
import {
  describeCircle,
  type ImportGraph,
  importCircles,
  importGraph,
  importResolver,
} from "../fixtures/import-graph";

const graph = importGraph();

describe("the import graph", () => {
  it("reads the imports it checks (static, relative and through the ~/ alias, types too)", () => {
    const targets = (file: string) => graph.get(file)?.map((edge) => edge.target) ?? [];
    expect(targets("server/http.ts")).toContain("server/api/router.ts");
    expect(targets("app/routes/admission.tsx").some((file) => file.startsWith("server/"))).toBe(true);
    expect(
      [...graph.values()].flat().some((edge) => edge.typeOnly && edge.target.startsWith("common/")),
    ).toBe(true);
    // A dynamic import() is an edge marked so, which no circle goes through.
    const dynamic = graph
      .get("server/container-factory.ts")
      ?.find((edge) => edge.target === "server/payments/stripe.ts");
    expect(dynamic).toEqual({ target: "server/payments/stripe.ts", typeOnly: false, dynamic: true });
  });

  it("resolves names as TypeScript does: relative, an index file, the tsconfig's ~/ alias", () => {
    const resolve = importResolver();
    expect(resolve("./config", "server/main.ts")).toBe("server/config.ts");
    expect(resolve("../../server/api", "app/routes/x.ts")).toBe("server/api/index.ts");
    expect(resolve("~/root", "app/routes/x.ts")).toBe("app/root.tsx");
    expect(resolve("react", "app/root.tsx")).toBeUndefined();
  });

  it("finds a circle when there is one", () => {
    const circle: ImportGraph = new Map([
      ["a.ts", [{ target: "b.ts", typeOnly: false }]],
      ["b.ts", [{ target: "c.ts", typeOnly: true }]],
      ["c.ts", [{ target: "a.ts", typeOnly: false }]],
      ["d.ts", [{ target: "a.ts", typeOnly: false }]],
    ]);
    const later: ImportGraph = new Map([
      ...circle,
      ["c.ts", [{ target: "a.ts", typeOnly: false, dynamic: true }]],
    ]);
    expect(importCircles(later)).toEqual([]);
    expect(importCircles(circle).map(describeCircle)).toEqual(["a.ts -> b.ts -> c.ts -> a.ts"]);
    const larger: ImportGraph = new Map([
      ...circle,
      [
        "b.ts",
        [
          { target: "c.ts", typeOnly: true },
          { target: "a.ts", typeOnly: false },
        ],
      ],
    ]);
    expect(importCircles(larger).map(describeCircle)).toEqual([
      "a.ts -> b.ts -> a.ts; 3 files in all, also c.ts",
    ]);
    expect(importCircles(circle, { runtimeOnly: true })).toEqual([]);
  });

  it("has no import circle", () => {
    expect(importCircles(graph).map(describeCircle)).toEqual([]);
  });
});
