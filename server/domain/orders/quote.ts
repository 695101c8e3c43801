// The cart's price now: the admissions' prices from the database, never the page's.
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { cartTotals, type Totals } from "../../../common/pricing";
import type { CartChargesView } from "../../../common/schemas/cart-charges";
import { type CartItem, cartItems } from "../../../common/schemas/orders";
import type { Config } from "../../config";
import { admissions, uploadedFiles } from "../../db/schema";
import { createFileStorage, type FileStorage } from "../../files/storage";
import { imageInfo } from "../../files/uploads";
import { type Actor, requireUser } from "../actor";
import { chargesOf, readCartCharges } from "../cart-charges";
import type { ImageView } from "../content/collection";
import { type OrderContext, parse } from "./order";

export type QuoteLine = {
  admissionId: string;
  title: string;
  unitPriceMinor: number;
  quantity: number;
  image: ImageView | null;
};

export type Quote = {
  lines: QuoteLine[];
  /** Ids in the cart with no admission behind them (never existed, or deleted since). */
  missing: string[];
  totals: Totals;
  /** The shipping and tax the institute set, with their labels (server/domain/cart-charges.ts). */
  charges: CartChargesView;
  /** ISO 4217, upper case. */
  currency: string;
};

// Without the image store (a page passing {db, config}), uploaded images are found through the
// same storage the config describes, made once per config.
const storageByConfig = new WeakMap<Config, FileStorage>();
function imageViewOf(ctx: OrderContext, file: typeof uploadedFiles.$inferSelect): ImageView {
  if (ctx.images) return ctx.images.view(file);
  let storage = storageByConfig.get(ctx.config);
  if (!storage) {
    storage = createFileStorage(ctx.config);
    storageByConfig.set(ctx.config, storage);
  }
  return imageInfo(file, storage);
}

/**
 * Prices the cart from the database. Admissions that no longer exist are listed in `missing`
 * and left out of the totals. Creates nothing.
 */
export async function quoteCart(ctx: OrderContext, actor: Actor, items: unknown): Promise<Quote> {
  requireUser(actor);
  return priceCart(ctx, parseCart(items));
}

/** Field errors name the line: {"items.2.quantity": "..."}. */
export const parseCart = (items: unknown): CartItem[] =>
  parse(z.object({ items: cartItems }), { items }, "cart").items;

/** The cart priced: a line per admission found, the missing ids, the totals. */
export async function priceCart(ctx: OrderContext, cart: CartItem[]): Promise<Quote> {
  const ids = cart.map((item) => item.id.toLowerCase());
  const rows =
    ids.length === 0
      ? []
      : await ctx.db
          .select({ admission: admissions, file: uploadedFiles })
          .from(admissions)
          .leftJoin(uploadedFiles, eq(admissions.imageFileId, uploadedFiles.id))
          .where(inArray(admissions.id, ids));
  const byId = new Map(rows.map((row) => [row.admission.id.toLowerCase(), row]));
  const lines: QuoteLine[] = [];
  const missing: string[] = [];
  for (const item of cart) {
    const row = byId.get(item.id.toLowerCase());
    if (!row) {
      missing.push(item.id);
      continue;
    }
    const { admission, file } = row;
    lines.push({
      admissionId: admission.id,
      title: admission.title,
      unitPriceMinor: admission.priceMinor,
      quantity: item.quantity,
      image: file ? imageViewOf(ctx, file) : admission.imageUrl ? { url: admission.imageUrl } : null,
    });
  }
  const charges = await readCartCharges(ctx.db);
  return {
    lines,
    missing,
    totals: cartTotals(lines, chargesOf(charges)),
    charges,
    currency: ctx.config.currency,
  };
}
