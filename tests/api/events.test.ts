// The academic calendar's REST calls (/api/events), as a client sees them: times read on
// Bangladesh's clock unless they carry an offset, an end never before the start, the kinds of
// day, and who may add, change and delete. Every answer is checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type Session, type TestApp } from "../fixtures/test-app";

type Wire = {
  _id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  place: string;
  category: string;
  description: string;
  image: string | null;
  ics: string;
};

describe("the academic calendar's calls", () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;

  beforeAll(async () => {
    t = await createTestApp("pglite", { ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-password-1" });
    admin = await t.signIn("head@school.test", "head-password-1");
    alice = await t.signUp("alice@school.test", "alice-password", "Alice");
  });
  afterAll(() => t?.close());

  const add = async (body: Record<string, unknown>, as: Session = admin) => {
    const response = await t.json("/api/events", "POST", body, { session: as });
    return { status: response.status, body: await response.json() };
  };
  const read = async (id: string) => (await (await t.request(`/api/events/${id}`)).json()) as Wire;

  it("adds an event read on Dhaka's clock, lists it, changes it and deletes it", async () => {
    const created = await add({
      title: "Parents' meeting",
      start: "2026-12-03T10:00",
      end: "2026-12-03 12:30",
      place: "Main hall",
      category: "meeting",
      description: "Half-yearly results.",
    });
    expect(created.status).toBe(201);
    const id = created.body.insertedId as string;
    const event = await read(id);
    expect(event).toMatchObject({
      title: "Parents' meeting",
      start: "2026-12-03T04:00:00.000Z",
      end: "2026-12-03T06:30:00.000Z",
      allDay: false,
      place: "Main hall",
      category: "meeting",
      image: null,
      ics: `/events/${id}.ics`,
    });
    const list = await t.request("/api/events?q=parents");
    expect(((await list.json()) as Wire[]).map((e) => e._id)).toEqual([id]);

    const moved = await t.json(
      `/api/events/${id}`,
      "PATCH",
      { start: "2026-12-03T03:00:00Z" },
      { session: admin },
    );
    expect(await moved.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await read(id)).start).toBe("2026-12-03T03:00:00.000Z");

    const deleted = await t.request(`/api/events/${id}`, { method: "DELETE", session: admin });
    expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.request(`/api/events/${id}`)).status).toBe(404);
  });

  it("takes a whole day without an end and calls an unnamed kind of day an event", async () => {
    const created = await add({ title: "Victory Day", start: "2026-12-16", allDay: true });
    const event = await read(created.body.insertedId);
    expect(event).toMatchObject({
      start: "2026-12-15T18:00:00.000Z",
      end: "2026-12-15T18:00:00.000Z",
      allDay: true,
      category: "event",
    });
  });

  it.each([
    [{ start: "2026-12-16" }, "title"],
    [{ title: "No start" }, "start"],
    [{ title: "Bad start", start: "16/12/2026" }, "start"],
    [{ title: "No such day", start: "2026-02-30" }, "start"],
    [{ title: "Backwards", start: "2026-12-16T10:00", end: "2026-12-16T09:00" }, "end"],
    [{ title: "Odd kind", start: "2026-12-16", category: "party" }, "category"],
    [{ title: "Odd box", start: "2026-12-16", allDay: "maybe" }, "allDay"],
    [{ title: "Long place", start: "2026-12-16", place: "x".repeat(201) }, "place"],
    [{ title: "Unknown", start: "2026-12-16", colour: "red" }, "colour"],
  ])("refuses %j naming %s", async (body, field) => {
    const { status, body: answer } = await add(body);
    expect(status).toBe(400);
    expect(Object.keys(answer.error.fields)).toContain(field);
  });

  it("refuses a change that would end an event before it starts", async () => {
    const { body } = await add({ title: "Sports day", start: "2026-12-22T08:30", end: "2026-12-22T15:00" });
    const refused = await t.json(
      `/api/events/${body.insertedId}`,
      "PUT",
      { end: "2026-12-21T08:00" },
      { session: admin },
    );
    expect(refused.status).toBe(400);
    expect(Object.keys((await refused.json()).error.fields)).toEqual(["end"]);
    expect((await read(body.insertedId)).end).toBe("2026-12-22T09:00:00.000Z");
  });

  it("lets only admins add, change and delete, and everyone read", async () => {
    const event = { title: "Staff meeting", start: "2026-12-10T14:00" };
    expect((await t.json("/api/events", "POST", event)).status).toBe(401);
    expect((await add(event, alice)).status).toBe(403);
    const { body } = await add(event);
    const path = `/api/events/${body.insertedId}`;
    expect((await t.json(path, "PATCH", { title: "Changed" }, { bearer: alice })).status).toBe(403);
    expect((await t.request(path, { method: "DELETE", session: alice })).status).toBe(403);
    expect((await t.request(path)).status).toBe(200);
    expect((await read(body.insertedId)).title).toBe("Staff meeting");
  });

  it("records an admin's changes in the audit trail", async () => {
    const { body } = await add({ title: "Prize-giving", start: "2026-12-24" });
    const trail = await t.request("/api/audit?subject=event", { session: admin });
    expect(trail.status).toBe(200);
    const entries = (await trail.json()) as { subjectId: string; action: string }[];
    expect(entries).toContainEqual(expect.objectContaining({ subjectId: body.insertedId, action: "create" }));
  });
});
