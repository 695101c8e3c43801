// Content-Disposition for a file sent to be saved (RFC 6266): the name in UTF-8 (RFC 8187's
// filename*, which every current browser reads, so a Bangla name arrives whole) and a plain
// ASCII filename for the rest.

/** RFC 8187's attr-char: what may stand unescaped in filename*. */
const attrChar = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeExtValue(name: string): string {
  return [...new TextEncoder().encode(name)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return byte < 0x80 && attrChar.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
    })
    .join("");
}

/** The name in printable ASCII without quotes or backslashes; `fallback` when nothing readable is left. */
function asciiName(name: string, fallback: string): string {
  const extension = /\.[A-Za-z0-9]{1,8}$/.exec(name)?.[0] ?? "";
  const stem = name
    .slice(0, name.length - extension.length)
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\%]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return /[A-Za-z0-9]/.test(stem) ? `${stem}${extension}` : fallback;
}

/** `attachment; filename="…"; filename*=UTF-8''…` for a file named `name`. */
export function attachment(name: string, fallback: string): string {
  return `attachment; filename="${asciiName(name, fallback)}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
