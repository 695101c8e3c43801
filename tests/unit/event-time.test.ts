// When things happen, as pages say it: on Dhaka's clock, in Bangla without Latin "AM/PM", and a
// same-day event's date said once (issue 40 items 7 and 11).
import { describe, expect, it } from "vitest";
import { formatEventTime } from "../../app/lib/event-time";
import { formatDateTime } from "../../i18n/format";

// 3 November 2026, 10:00 to 16:30 in Dhaka (UTC+6).
const meeting = { startsAt: "2026-11-03T04:00:00.000Z", endsAt: "2026-11-03T10:30:00.000Z", allDay: false };

describe("an event's time", () => {
  it("says a same-day event's date once, in English and Bangla", () => {
    const english = formatEventTime(meeting, "en-GB");
    expect(english).toMatch(/3 November 2026/);
    expect(english.match(/November/g)).toHaveLength(1);
    expect(english).toMatch(/10:00 – 16:30$/);
    const bangla = formatEventTime(meeting, "bn-BD");
    expect(bangla.match(/নভেম্বর/g)).toHaveLength(1);
    expect(bangla).toMatch(/১০:০০ – ১৬:৩০$/);
  });

  it("reads Bangla times without Latin AM/PM", () => {
    const bangla = formatEventTime(meeting, "bn-BD");
    expect(bangla).not.toMatch(/AM|PM/i);
    expect(formatDateTime(meeting.endsAt, "bn-BD")).not.toMatch(/AM|PM/i);
  });

  it("still says both dates of an event over two days", () => {
    const camp = { ...meeting, endsAt: "2026-11-04T10:30:00.000Z" };
    expect(formatEventTime(camp, "en-GB")).toMatch(/3 November 2026.* – .*4 November 2026.*16:30/);
  });
});

describe("a moment in the dashboard (the audit trail, messages)", () => {
  it("is Dhaka's time, not UTC", () => {
    // 18:30 UTC is half past midnight the next day in Dhaka.
    const english = formatDateTime("2026-11-03T18:30:00.000Z", "en-GB");
    expect(english).toMatch(/4 Nov 2026/);
    expect(english).toMatch(/00:30/);
    expect(english).not.toMatch(/UTC/);
    const bangla = formatDateTime("2026-11-03T18:30:00.000Z", "bn-BD");
    expect(bangla).toMatch(/৪ নভে/);
    expect(bangla).toMatch(/০০:৩০/);
  });
});
