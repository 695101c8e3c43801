// A kind without REST names of its own gets plain ones, made from its definition and its table
// (server/api/kind-rest.ts): /api/<kind>, its fields under their own names, its image and its
// date. The results' own names are plain but for their paths, so their answers must agree.
import { describe, expect, it } from "vitest";
import { restOf } from "../../server/api";
import { plainRest } from "../../server/api/kind-rest";
import { toJsonSchema } from "../../server/api/openapi";
import { downloads, events, results } from "../../server/db/schema";
import { anonymous } from "../../server/domain/actor";

describe("a kind's plain REST", () => {
  it("answers as the results' own does: its fields, its image and its date", () => {
    const plain = plainRest("results", results);
    const own = restOf("results");
    if (!own) throw new Error("results have REST names of their own");
    expect(toJsonSchema(plain.wire)).toEqual(toJsonSchema(own.wire));
    expect(plain.paths).toEqual({ list: ["/results"], one: ["/results/:id"], create: ["/results"] });
    expect(plain.fields).toEqual({ title: "title", information: "information" });
    expect(plain.imageFields).toEqual(["image"]);
    const record = {
      id: "5f0c2f3e-8d1a-4c53-9a53-0e6f3b7b9c11",
      title: "SSC results",
      information: "All passed",
      imageUrl: null,
      imageFileId: null,
      image: { url: "/files/images/ssc-640.webp", width: 640, height: 400 },
      createdAt: new Date("2026-05-01T04:00:00Z"),
      updatedAt: new Date("2026-05-01T04:00:00Z"),
    };
    expect(plain.toWire(record, anonymous)).toEqual(own.toWire(record, anonymous));
  });

  it("takes each field's type from its column: dates, booleans, a list's values, an empty one", () => {
    const schema = toJsonSchema(plainRest("events", events).wire) as {
      properties: Record<string, unknown>;
    };
    expect(schema.properties.startsAt).toMatchObject({ type: "string", format: "date-time" });
    expect(schema.properties.allDay).toEqual({ type: "boolean" });
    expect(schema.properties.category).toMatchObject({ enum: ["holiday", "exam", "meeting", "event"] });
    expect(schema.properties.place).toEqual({ type: "string" });
    const withoutImage = toJsonSchema(plainRest("downloads", downloads).wire) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(withoutImage.properties)).toEqual(["_id", "title", "category", "description", "date"]);
  });

  it("offers a kind's filters as query parameters", () => {
    expect(plainRest("downloads", downloads).filters).toEqual(["category"]);
    expect(plainRest("results", results).filters).toEqual([]);
  });
});
