// Shared by the server (each text sent) and the browser (the message form counts as one types).
// How a text message travels and what it costs: a text written only in the GSM 03.38 alphabet
// goes as GSM-7 (160 characters in one message, 153 per part of a longer one, as each part
// carries a header); any other character (Bangla, most emoji) makes the whole message UCS-2
// (70 in one, 67 per part). Operators charge per part, so the count is logged and given to the
// gateway with the text.

export type SmsEncoding = "GSM-7" | "UCS-2";

// The GSM 03.38 basic alphabet (one septet each) and its extension table (an escape and a septet).
const gsmBasic = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const gsmExtension = new Set("\f^{}\\[~]|€");

const limits = {
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
} as const;

export function smsEncodingOf(text: string): SmsEncoding {
  for (const char of text) if (!gsmBasic.has(char) && !gsmExtension.has(char)) return "UCS-2";
  return "GSM-7";
}

/** The units each character takes: septets in GSM-7, UTF-16 code units in UCS-2. */
function unitsOf(text: string, encoding: SmsEncoding): number[] {
  return [...text].map((char) => (encoding === "GSM-7" ? (gsmExtension.has(char) ? 2 : 1) : char.length));
}

/** How many messages the text is sent as; a character is never split between two parts. */
export function smsSegmentsOf(text: string, encoding: SmsEncoding = smsEncodingOf(text)): number {
  const units = unitsOf(text, encoding);
  const { single, part } = limits[encoding];
  if (units.reduce((sum, n) => sum + n, 0) <= single) return 1;
  let parts = 1;
  let used = 0;
  for (const n of units) {
    if (used + n > part) {
      parts += 1;
      used = 0;
    }
    used += n;
  }
  return parts;
}

/** What the message form shows before sending: the encoding and the parts a text goes as. */
export function smsLengthOf(text: string): { encoding: SmsEncoding; segments: number; characters: number } {
  const encoding = smsEncodingOf(text);
  return {
    encoding,
    segments: text.length === 0 ? 0 : smsSegmentsOf(text, encoding),
    characters: [...text].length,
  };
}
