// A person's initials, shown when they have no photo: by the avatar on the page, and by the
// server when it fills a page template's initials placeholder (server/cache/page-template-placeholders.ts).
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? "")[0]?.toUpperCase() ?? "").join("") || "?";
}
