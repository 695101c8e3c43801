// The one price parser (common/money.ts), used by the admission form, the admission API and the
// payment call's page total: what it takes, what it refuses and why, at the edges.
import { describe, expect, it } from "vitest";
import { englishOf } from "../../common/errors/english";
import { parsePrice, readPrice } from "../../common/money";

/** The English words of a refusal, as the API sends them. */
const wordsOf = (read: ReturnType<typeof readPrice>) => ("error" in read ? englishOf(read.error) : read);

describe("parsePrice: a price in major units to minor units", () => {
  it.each([
    ["120", 12000],
    ["120.5", 12050],
    ["120.50", 12050],
    ["0", 0],
    ["0.05", 5],
    ["  75  ", 7500],
    ["1,250", 125000],
    ["1,250.50", 125050],
    ["12,345,678", 1234567800],
    ["123,456,789.99", 12345678999],
    // 2^31 minor units and beyond fit: money is 64-bit.
    ["21,474,836.48", 2147483648],
    ["10000000000", 1e12],
    ["10,000,000,000.00", 1e12],
    // Bangla digits, as a Bangla keyboard types them.
    ["১২০", 12000],
    ["১,২৫০.৫০", 125050],
    [120.5, 12050],
    [0, 0],
    [-0, 0],
    // A browser's floating sum still means whole hundredths.
    [0.1 + 0.2, 30],
    [21474836.48, 2147483648],
  ])("reads %j as %d", (value, minor) => {
    expect(parsePrice(value)).toBe(minor);
  });

  it.each([
    ["12,50", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1,25", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1250,50", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1,2500", "Price: a comma only separates thousands, such as 1,250.50"],
    [",250", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1,,250", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1250,", "Price: a comma only separates thousands, such as 1,250.50"],
    ["1,250.5,0", "Price: a comma only separates thousands, such as 1,250.50"],
    ["120.505", "Price may have at most 2 decimals"],
    ["-5", "Price cannot be negative"],
    ["-0", "Price cannot be negative"],
    ["10000000000.01", "Price must be at most 10,000,000,000.00"],
    ["2147483648000", "Price must be at most 10,000,000,000.00"],
    ["9007199254740993", "Price must be at most 10,000,000,000.00"],
    ["1e400", "Price must be an amount such as 120 or 120.50"],
    ["1e3", "Price must be an amount such as 120 or 120.50"],
    ["0x10", "Price must be an amount such as 120 or 120.50"],
    ["Infinity", "Price must be an amount such as 120 or 120.50"],
    ["NaN", "Price must be an amount such as 120 or 120.50"],
    ["1 250", "Price must be an amount such as 120 or 120.50"],
    ["12\u000050", "Price must be an amount such as 120 or 120.50"],
    ["\u0000", "Price must be an amount such as 120 or 120.50"],
    ["120.", "Price must be an amount such as 120 or 120.50"],
    [".5", "Price must be an amount such as 120 or 120.50"],
    ["+5", "Price must be an amount such as 120 or 120.50"],
    ["", "Price must be an amount such as 120 or 120.50"],
    ["   ", "Price must be an amount such as 120 or 120.50"],
    ["১2০", "Price must be an amount such as 120 or 120.50"],
    ["١٢٠", "Price must be an amount such as 120 or 120.50"],
    [-1, "Price cannot be negative"],
    [120.505, "Price may have at most 2 decimals"],
    [2 ** 53, "Price must be at most 10,000,000,000.00"],
    [Number.POSITIVE_INFINITY, "Price must be an amount such as 120 or 120.50"],
    [Number.NaN, "Price must be an amount such as 120 or 120.50"],
    [Number("1e400"), "Price must be an amount such as 120 or 120.50"],
  ])("refuses %j: %s", (value, message) => {
    expect(parsePrice(value)).toBeUndefined();
    expect(wordsOf(readPrice(value, "price"))).toEqual(message);
  });

  it("names the field it reads in its messages", () => {
    expect(wordsOf(readPrice("12,50", "amount"))).toEqual(
      "Amount: a comma only separates thousands, such as 1,250.50",
    );
  });
});
