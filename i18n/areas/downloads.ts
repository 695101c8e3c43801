// Texts of the downloads page (/downloads) and the downloads' categories, which the dashboard's
// form offers too. Sent only to those pages (app/i18n/page-areas.ts).
const en = {
  "downloads.heading": "Downloads",
  "downloads.lead": "Forms, syllabuses, class routines and notices of the institute, to download.",
  "downloads.description":
    "The institute's forms, syllabuses, class routines and notices as PDF, Word, Excel and OpenDocument files.",
  "downloads.categories": "Categories",
  "downloads.all": "All",
  "downloads.search": "Search downloads",
  "downloads.download": "Download",
  "downloads.fileInfo": "{type}, {size}",
  "downloads.category.form": "Form",
  "downloads.category.syllabus": "Syllabus",
  "downloads.category.routine": "Routine",
  "downloads.category.notice": "Notice",
  "downloads.category.other": "Other",
} as const;

const bn: Record<keyof typeof en, string> = {
  "downloads.heading": "ডাউনলোড",
  "downloads.lead": "প্রতিষ্ঠানের ফরম, পাঠ্যসূচি, ক্লাস রুটিন ও নোটিশ, ডাউনলোডের জন্য।",
  "downloads.description": "প্রতিষ্ঠানের ফরম, পাঠ্যসূচি, ক্লাস রুটিন ও নোটিশ: PDF, Word, Excel ও OpenDocument ফাইল।",
  "downloads.categories": "বিভাগ",
  "downloads.all": "সব",
  "downloads.search": "ডাউনলোড খুঁজুন",
  "downloads.download": "ডাউনলোড করুন",
  "downloads.fileInfo": "{type}, {size}",
  "downloads.category.form": "ফরম",
  "downloads.category.syllabus": "পাঠ্যসূচি",
  "downloads.category.routine": "রুটিন",
  "downloads.category.notice": "নোটিশ",
  "downloads.category.other": "অন্যান্য",
};

export const downloadsMessages = { en, bn };
