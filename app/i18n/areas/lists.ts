// Texts of the lists pages.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const listsMessages = { en, bn };
