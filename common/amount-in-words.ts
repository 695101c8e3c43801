// An amount of taka in words for a receipt, in English and in Bangla, in the South Asian grouping
// a receipt in Bangladesh uses: thousand (হাজার), lakh (লক্ষ), crore (কোটি). 1,200 taka is
// "One thousand two hundred taka only" and "এক হাজার দুইশত টাকা মাত্র"; paisa follow ("and fifty paisa").

// Bangla names of 0-99: each is its own word, not made of tens and units.
const banglaUpTo99 = (
  "শূন্য এক দুই তিন চার পাঁচ ছয় সাত আট নয় দশ এগারো বারো তেরো চৌদ্দ পনেরো ষোল সতেরো আঠারো উনিশ " +
  "বিশ একুশ বাইশ তেইশ চব্বিশ পঁচিশ ছাব্বিশ সাতাশ আটাশ ঊনত্রিশ ত্রিশ একত্রিশ বত্রিশ তেত্রিশ চৌত্রিশ " +
  "পঁয়ত্রিশ ছত্রিশ সাঁইত্রিশ আটত্রিশ ঊনচল্লিশ চল্লিশ একচল্লিশ বিয়াল্লিশ তেতাল্লিশ চুয়াল্লিশ পঁয়তাল্লিশ " +
  "ছেচল্লিশ সাতচল্লিশ আটচল্লিশ ঊনপঞ্চাশ পঞ্চাশ একান্ন বায়ান্ন তিপ্পান্ন চুয়ান্ন পঞ্চান্ন ছাপ্পান্ন সাতান্ন " +
  "আটান্ন ঊনষাট ষাট একষট্টি বাষট্টি তেষট্টি চৌষট্টি পঁয়ষট্টি ছেষট্টি সাতষট্টি আটষট্টি ঊনসত্তর সত্তর " +
  "একাত্তর বাহাত্তর তিয়াত্তর চুয়াত্তর পঁচাত্তর ছিয়াত্তর সাতাত্তর আটাত্তর ঊনআশি আশি একাশি বিরাশি তিরাশি " +
  "চুরাশি পঁচাশি ছিয়াশি সাতাশি আটাশি ঊননব্বই নব্বই একানব্বই বিরানব্বই তিরানব্বই চুরানব্বই পঁচানব্বই " +
  "ছিয়ানব্বই সাতানব্বই আটানব্বই নিরানব্বই"
).split(" ");

const englishOnes = (
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen " +
  "sixteen seventeen eighteen nineteen"
).split(" ");
const englishTens = "  twenty thirty forty fifty sixty seventy eighty ninety".split(" ");

const englishUpTo99 = (n: number): string =>
  n < 20
    ? (englishOnes[n] ?? "")
    : `${englishTens[Math.floor(n / 10)]}${n % 10 ? `-${englishOnes[n % 10]}` : ""}`;

type Language = "en" | "bn";

/** A whole number below 100 crore's crore in words, grouped crore, lakh, thousand, hundred. */
function wholeInWords(n: number, language: Language): string {
  const upTo99 = (k: number) => (language === "bn" ? (banglaUpTo99[k] ?? "") : englishUpTo99(k));
  if (n === 0) return upTo99(0);
  const words: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  let rest = n % 10_000_000;
  // Crores above 99 are themselves counted in lakhs and thousands: "one hundred crore".
  if (crore > 0) words.push(wholeInWords(crore, language), language === "bn" ? "কোটি" : "crore");
  const groups: [number, string, string][] = [
    [100_000, "লক্ষ", "lakh"],
    [1_000, "হাজার", "thousand"],
  ];
  for (const [size, bn, en] of groups) {
    const count = Math.floor(rest / size);
    rest %= size;
    if (count > 0) words.push(upTo99(count), language === "bn" ? bn : en);
  }
  const hundreds = Math.floor(rest / 100);
  rest %= 100;
  // Bangla joins the hundreds into one word: দুইশত.
  if (hundreds > 0) words.push(language === "bn" ? `${upTo99(hundreds)}শত` : `${upTo99(hundreds)} hundred`);
  if (rest > 0) words.push(upTo99(rest));
  return words.join(" ");
}

/**
 * Paisa in words as a receipt writes them: 120000 → "One thousand two hundred taka only",
 * in Bangla "এক হাজার দুইশত টাকা মাত্র"; 120050 adds "and fifty paisa" / "পঞ্চাশ পয়সা".
 */
export function amountInWords(minor: number, language: Language): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError("an amount in paisa, 0 or more");
  const taka = Math.floor(minor / 100);
  const paisa = minor % 100;
  if (language === "bn") {
    const paisaPart = paisa ? ` ${wholeInWords(paisa, "bn")} পয়সা` : "";
    return `${wholeInWords(taka, "bn")} টাকা${paisaPart} মাত্র`;
  }
  const text = `${wholeInWords(taka, "en")} taka${paisa ? ` and ${wholeInWords(paisa, "en")} paisa` : ""} only`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
