// Text inside XML (the RSS feed, the sitemap, SVG images and charts): the five special characters
// as entities, and characters XML 1.0 cannot hold at all (control characters but tab, line feed
// and carriage return; lone surrogates) left out, so a name typed with one still makes a
// well-formed document.

// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const invalidXmlChars = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(text: string): string {
  return text.replace(invalidXmlChars, "").replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
