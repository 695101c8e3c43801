// `npx tsx scripts/check-lottery.ts URL`: checks an admission lottery's published draw from the
// published page's JSON alone (URL: /api/admissions/{id}/round/lottery, linked from the public page
// /admition/{id}/lottery). It recomputes each class's order from the published seed and inputs with
// its own copy of the algorithm ("sha256-fisher-yates-v1", written out on the page and in
// common/lottery.ts) and says whether it is the order published.
//
// Exit codes: 0 every class's order is the same, 1 one is not (or no draw yet), 2 wrong usage or the
// page could not be read.
import { createHash } from "node:crypto";

type Published = {
  seed: string | null;
  algorithm: string;
  classes: { class: string; inputs: string[]; order: string[] | null }[];
};

export type CheckResult = { ok: boolean; classes: { class: string; same: boolean }[] };

const span = 2 ** 48;

function placeBelow(seed: string, className: string, i: number, bound: number): number {
  const limit = span - (span % bound);
  for (let k = 0; ; k++) {
    const hex = createHash("sha256").update(`${seed}|${className}|${i}|${k}`, "utf8").digest("hex");
    const x = Number.parseInt(hex.slice(0, 12), 16);
    if (x < limit) return x % bound;
  }
}

export function recompute(seed: string, className: string, inputs: string[]): string[] {
  const order = [...inputs].sort();
  for (let i = order.length - 1; i > 0; i--) {
    const j = placeBelow(seed, className, i, i + 1);
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return order;
}

/** Reads the published JSON at `url` (through `read`, fetch by default) and recomputes each order. */
export async function checkPublishedDraw(
  url: string,
  read: (url: string) => Promise<unknown> = async (at) => {
    const response = await fetch(at, { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`${at} answered ${response.status}`);
    return response.json();
  },
): Promise<CheckResult> {
  const published = (await read(url)) as Published;
  if (published.algorithm !== "sha256-fisher-yates-v1")
    throw new Error(`unknown algorithm ${published.algorithm}`);
  const classes = published.classes.map((c) => ({
    class: c.class,
    same:
      published.seed !== null &&
      c.order !== null &&
      JSON.stringify(recompute(published.seed, c.class, c.inputs)) === JSON.stringify(c.order),
  }));
  return { ok: classes.length > 0 && classes.every((c) => c.same), classes };
}

const invokedDirectly = process.argv[1]?.endsWith("check-lottery.ts") ?? false;
if (invokedDirectly) {
  const url = process.argv[2];
  if (!url) {
    console.error(
      "usage: npx tsx scripts/check-lottery.ts https://school.example/api/admissions/ID/round/lottery",
    );
    process.exit(2);
  }
  checkPublishedDraw(url).then(
    (result) => {
      for (const c of result.classes)
        console.log(`${c.class}: ${c.same ? "the same order" : "NOT the same order"}`);
      process.exit(result.ok ? 0 : 1);
    },
    (error: unknown) => {
      console.error(String(error));
      process.exit(2);
    },
  );
}
