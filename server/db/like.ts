// The one way a search box's words become a LIKE pattern: "contains", with \, % and _ taken
// literally (PostgreSQL's default escape character is the backslash).
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
