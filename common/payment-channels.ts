// How a payment was made, as people here say it: SSLCommerz reports its card_type ("BKASH-BKash",
// "DBBLMOBILEB-Dbbl Mobile Banking", "VISA-Dutch Bangla"); a buyer and a receipt read bKash,
// Rocket, a Visa card.

/** SSLCommerz's wallets by their code, by their brand names (the same in Bangla). */
const wallets: Record<string, string> = {
  BKASH: "bKash",
  NAGAD: "Nagad",
  // Dutch-Bangla Bank's mobile banking is Rocket.
  DBBLMOBILEB: "Rocket",
  UPAY: "Upay",
};

/** Card networks by their code. */
const cardNetworks: Record<string, string> = {
  VISA: "Visa",
  MASTER: "Mastercard",
  AMEX: "American Express",
  UNIONPAY: "UnionPay",
};

/** A channel as a wallet's name, or a card of a network (which a page words in its language). */
export type ChannelName = { wallet: string } | { card: string };

export function channelNameOf(channel: string): ChannelName {
  const [code = "", ...rest] = channel.split("-");
  const wallet = wallets[code];
  if (wallet) return { wallet };
  const network = cardNetworks[code];
  if (network) return { card: network };
  return { wallet: rest.length > 0 && /^[A-Z0-9]+$/.test(code) ? rest.join("-") : channel };
}
