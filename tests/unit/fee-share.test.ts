// How a payment's part of a month is shared among its heads (the month's collection by head).
import { describe, expect, it } from "vitest";
import { shareOut } from "../../server/domain/fees/collections";

const parts = (entries: [string, number][]) => new Map(entries);

describe("sharing a payment among a month's heads", () => {
  it("gives each head its whole amount when the month is paid in full", () => {
    const month = parts([
      ["tuition", 120_000],
      ["exam", 50_000],
      ["fine", 1_000],
    ]);
    expect(shareOut(171_000, month)).toEqual(
      parts([
        ["tuition", 120_000],
        ["exam", 50_000],
        ["fine", 1_000],
      ]),
    );
  });

  it("shares a part payment in proportion, to the paisa, the shares adding up to the payment", () => {
    const shares = shareOut(
      10_001,
      parts([
        ["tuition", 120_000],
        ["exam", 50_000],
        ["transport", 30_000],
      ]),
    );
    expect(shares).toEqual(
      parts([
        ["tuition", 6_001],
        ["exam", 2_500],
        ["transport", 1_500],
      ]),
    );
    const thirds = shareOut(
      100,
      parts([
        ["a", 1],
        ["b", 1],
        ["c", 1],
      ]),
    );
    expect([...thirds.values()].reduce((a, b) => a + b, 0)).toBe(100);
    expect([...thirds.values()].sort()).toEqual([33, 33, 34]);
  });

  it("lets a credit lower the heads without a share of its own", () => {
    // 1,200 tuition less a 200 credit: the 1,000 paid is all tuition.
    expect(
      shareOut(
        100_000,
        parts([
          ["tuition", 120_000],
          ["correction", -20_000],
        ]),
      ),
    ).toEqual(parts([["tuition", 100_000]]));
  });

  it("stays exact with amounts far past what a double multiplies exactly", () => {
    const big = 9_000_000_000_000; // 90 billion taka in paisa
    const shares = shareOut(
      big - 1,
      parts([
        ["a", big / 3],
        ["b", (2 * big) / 3],
      ]),
    );
    expect((shares.get("a") ?? 0) + (shares.get("b") ?? 0)).toBe(big - 1);
    expect(shares.get("b")).toBe((2 * big) / 3 - 1);
  });
});
