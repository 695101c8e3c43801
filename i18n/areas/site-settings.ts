// Texts of the dashboard's site settings (/DeashBoard/settings): the calendars shown beside the
// Gregorian date, the Hijri offset and the installed app's names (docs/offline-and-dates.md).
const en = {
  "settings.menu": "Site settings",
  "settings.title": "Site settings",
  "settings.lead":
    "Dates on notices, events, the calendar, receipts and marksheets can also show the Bangla calendar's date and the Hijri date.",
  "settings.calendars": "Dates beside the Gregorian date",
  "settings.calendars.none": "None",
  "settings.calendars.bangla": "Bangla calendar (Bangabda)",
  "settings.calendars.hijri": "Hijri (Umm al-Qura)",
  "settings.calendars.both": "Both",
  "settings.hijriOffset": "Hijri offset (days, as the moon is sighted here)",
  "settings.example": "Today: {dates}",
  "settings.nameEn": "Institute's name in English (for the installed app)",
  "settings.nameBn": "Institute's name in Bangla (for the installed app)",
  "settings.nameHint": "Empty: the site's name.",
  "settings.save": "Save settings",
  "settings.saved": "Settings saved.",
  "settings.charges.title": "Shipping and tax on admissions",
  "settings.charges.lead":
    "The cart adds these to booked admissions (the specification's shipping 15 and tax 10% unless set here). Tuition fees never carry them.",
  "settings.charges.shipping": "Shipping (added to every order)",
  "settings.charges.taxPercent": "Tax (% of the subtotal and the shipping)",
  "settings.charges.zeroHint": "0: none, and the cart leaves it out.",
  "settings.charges.shippingLabelEn": "Shipping's name in English",
  "settings.charges.shippingLabelBn": "Shipping's name in Bangla",
  "settings.charges.taxLabelEn": "Tax's name in English (such as VAT)",
  "settings.charges.taxLabelBn": "Tax's name in Bangla (such as ভ্যাট)",
  "settings.charges.labelHint": "Empty: the site's own word.",
  "settings.charges.save": "Save shipping and tax",
} as const;

const bn: Record<keyof typeof en, string> = {
  "settings.menu": "সাইটের সেটিংস",
  "settings.title": "সাইটের সেটিংস",
  "settings.lead": "নোটিশ, অনুষ্ঠান, ক্যালেন্ডার, রসিদ ও মার্কশিটের তারিখের পাশে বাংলা সন ও হিজরি তারিখও দেখানো যায়।",
  "settings.calendars": "ইংরেজি তারিখের পাশে যে তারিখ দেখাবে",
  "settings.calendars.none": "কোনোটি নয়",
  "settings.calendars.bangla": "বাংলা সন (বঙ্গাব্দ)",
  "settings.calendars.hijri": "হিজরি (উম্মুল কুরা)",
  "settings.calendars.both": "দুটোই",
  "settings.hijriOffset": "হিজরি তারিখের সমন্বয় (দিন, এখানে চাঁদ দেখা অনুযায়ী)",
  "settings.example": "আজ: {dates}",
  "settings.nameEn": "প্রতিষ্ঠানের নাম ইংরেজিতে (ইনস্টল করা অ্যাপের জন্য)",
  "settings.nameBn": "প্রতিষ্ঠানের নাম বাংলায় (ইনস্টল করা অ্যাপের জন্য)",
  "settings.nameHint": "খালি রাখলে সাইটের নাম।",
  "settings.save": "সেটিংস সংরক্ষণ করুন",
  "settings.saved": "সেটিংস সংরক্ষিত হয়েছে।",
  "settings.charges.title": "ভর্তির শিপিং ও কর",
  "settings.charges.lead":
    "বুক করা ভর্তির সাথে কার্ট এগুলো যোগ করে (এখানে না বদলালে নির্দেশিকার শিপিং ১৫ ও কর ১০%)। মাসিক বেতনে এগুলো কখনো যোগ হয় না।",
  "settings.charges.shipping": "শিপিং (প্রতিটি অর্ডারে যোগ হয়)",
  "settings.charges.taxPercent": "কর (উপমোট ও শিপিংয়ের %)",
  "settings.charges.zeroHint": "০: নেই, কার্টে দেখাবে না।",
  "settings.charges.shippingLabelEn": "শিপিংয়ের নাম ইংরেজিতে",
  "settings.charges.shippingLabelBn": "শিপিংয়ের নাম বাংলায়",
  "settings.charges.taxLabelEn": "করের নাম ইংরেজিতে (যেমন VAT)",
  "settings.charges.taxLabelBn": "করের নাম বাংলায় (যেমন ভ্যাট)",
  "settings.charges.labelHint": "খালি রাখলে সাইটের নিজস্ব শব্দ।",
  "settings.charges.save": "শিপিং ও কর সংরক্ষণ করুন",
};

export const siteSettingsMessages = { en, bn };
