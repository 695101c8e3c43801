// The one CSV field writer (server/csv.ts): quoted for a reader of any locale's separator, and no
// cell that a reader splitting on a comma, a semicolon or a tab would run as a formula.
import { describe, expect, it } from "vitest";
import { csvField, csvLine, csvText } from "../../server/csv";

describe("csvField", () => {
  it("leaves plain text, numbers and missing values as they are", () => {
    expect(csvField("Rahim Uddin")).toBe("Rahim Uddin");
    expect(csvField("মোছাঃ ফাতেমা আক্তার")).toBe("মোছাঃ ফাতেমা আক্তার");
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(0)).toBe("0");
    expect(csvField(undefined)).toBe("");
    expect(csvField(null)).toBe("");
    expect(csvField("")).toBe("");
  });

  it.each([
    ["a, b", '"a, b"'],
    ["a; b", '"a; b"'],
    ["a\tb", '"a\tb"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    [" padded ", '" padded "'],
  ])("quotes %j (a separator of some locale, a quote, a line break, edge spaces)", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\t=1", "\"'\t'=1\""],
    ["\r=1", "\"'\r'=1\""],
    ["  =1", '"  \'=1"'],
  ])("puts an apostrophe before a formula at the start: %j", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ["a;=cmd|' /C calc'!A0", `"a;'=cmd|' /C calc'!A0"`],
    ["a,=1+1", `"a,'=1+1"`],
    ["a\t+1", `"a\t'+1"`],
    ["a; -1", `"a; '-1"`],
    ["a\n@x", `"a\n'@x"`],
  ])("and where a reader with another separator would start a cell: %j", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("keeps a separator followed by anything else untouched", () => {
    expect(csvField("Hifz; evening x 2")).toBe('"Hifz; evening x 2"');
    expect(csvField("1-2, 3+4")).toBe('"1-2, 3+4"');
  });
});

/** The cells a reader splitting on `separator` sees, quotes honoured only at a cell's start. */
function cellsOf(line: string, separator: string): string[] {
  const cells: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === "") quoted = true;
    else if (ch === separator || ch === "\n" || ch === "\r") {
      cells.push(field);
      field = "";
    } else field += ch;
  }
  return [...cells, field];
}

describe("csvLine", () => {
  const hostile = [
    "a;=1+1;x",
    "b,=2+2,y",
    "c\t=3+3\tz",
    "d\n=4+4",
    " ;@SUM(1)",
    '";=5+5',
    "=6+6",
    "Hifz; evening x 2",
  ];

  it("gives no formula cell to a reader splitting on a comma, a semicolon or a tab", () => {
    const line = csvLine(["ORD-1", ...hostile, 7]);
    for (const separator of [",", ";", "\t"])
      expect(cellsOf(line, separator).filter((cell) => /^ *[=+\-@]/.test(cell))).toEqual([]);
    // Read with its own separator, every value comes back whole.
    expect(cellsOf(line, ",")).toHaveLength(hostile.length + 2);
  });

  it("joins with commas and ends lines in CRLF, with a byte order mark when asked", () => {
    expect(csvLine(["a", 1, undefined, "b;c"])).toBe('a,1,,"b;c"');
    expect(csvText(["a,b", "1,2"])).toBe("a,b\r\n1,2\r\n");
    expect(csvText(["a"], { byteOrderMark: true })).toBe("\uFEFFa\r\n");
  });
});
