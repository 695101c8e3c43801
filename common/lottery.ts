// An admission lottery's draw (docs/admission-applications.md, "The lottery"): the same seed, class
// and inputs always give the same order, and anyone can recompute it (scripts/check-lottery.ts does,
// from the published page's JSON alone, with its own copy of these lines).
//
// The algorithm, "sha256-fisher-yates-v1":
// 1. the inputs are the class's application numbers, sorted ascending (as published);
// 2. for i from n - 1 down to 1: j is a whole number in 0..i drawn from SHA-256, then the numbers
//    at i and j change places (Fisher-Yates);
// 3. the number in 0..i: for k = 0, 1, 2, ... take SHA-256 of the UTF-8 text "seed|class|i|k" in
//    hexadecimal, read its first 12 hex digits as a whole number x (0 to 2^48 - 1), and use x mod
//    (i + 1) for the first k where x < 2^48 - (2^48 mod (i + 1)) (so no place is likelier).
import { createHash } from "node:crypto";

export const drawAlgorithm = "sha256-fisher-yates-v1";

const span = 2 ** 48;

function uniformBelow(seed: string, className: string, i: number, bound: number): number {
  const limit = span - (span % bound);
  for (let k = 0; ; k++) {
    const hex = createHash("sha256").update(`${seed}|${className}|${i}|${k}`, "utf8").digest("hex");
    const x = Number.parseInt(hex.slice(0, 12), 16);
    if (x < limit) return x % bound;
  }
}

/** The draw's order of the inputs (sorted first, as published). */
export function drawOrder(seed: string, className: string, inputs: readonly string[]): string[] {
  const order = [...inputs].sort();
  for (let i = order.length - 1; i > 0; i--) {
    const j = uniformBelow(seed, className, i, i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}
