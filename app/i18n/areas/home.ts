// Texts of the home pages.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const homeMessages = { en, bn };
