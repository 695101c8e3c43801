// Texts of the dashboard's people screens.
const en = {} as const;

const bn: Record<keyof typeof en, string> = {};

export const dashboardPeopleMessages = { en, bn };
