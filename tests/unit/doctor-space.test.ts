// The doctor's reading of free disk space (server/doctor/files.ts): a full disk stops uploads,
// backups and the database's writes, so too little room is a problem, little room a warning.
import { describe, expect, it } from "vitest";
import { spaceVerdict } from "../../server/doctor/files";

const gb = 1024 ** 3;

describe("free disk space", () => {
  it("is a problem under 512 MB or 2 % of the disk", () => {
    expect(spaceVerdict(400 * 1024 ** 2, 20 * gb)).toBe("fail");
    expect(spaceVerdict(15 * gb, 1000 * gb)).toBe("fail");
  });
  it("is a warning under 2 GB or 10 % of the disk", () => {
    expect(spaceVerdict(1.5 * gb, 10 * gb)).toBe("warn");
    expect(spaceVerdict(50 * gb, 1000 * gb)).toBe("warn");
  });
  it("is fine above both", () => {
    expect(spaceVerdict(8 * gb, 20 * gb)).toBe("ok");
  });
});
