// The key of a fee order paid from /fees/pay without an account: kept in the payer's browser for
// a day (HttpOnly, only under /fees), so /fees/orders/{id} finds it when the provider sends the
// payer back, and shows the receipt's link with it. Only a hash of the key is stored on the server.

const name = "maktab_fee_order";

export function feeOrderCookie(request: Request, orderId: string, key: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${orderId}.${key}; Path=/fees; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`;
}

/** The key the cookie holds for this order, if any. */
export function feeOrderKeyOf(request: Request, orderId: string): string | undefined {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [cookieName, value] = part.trim().split("=", 2);
    if (cookieName !== name || !value) continue;
    const [id, key] = value.split(".", 2);
    if (id === orderId && key) return key;
  }
  return undefined;
}
