// Texts of the contact section's and the subscribe box's answers to a form sent without script
// (a one-time banner on the home page; with script the home page shows its own texts).
const en = {
  "contact.sent": "Thank you! Your message has been sent.",
  "contact.notSent":
    "Your message was not sent: please give your name, a valid e-mail address and a message (at most 5000 characters).",
  "contact.tooMany": "Too many messages. Please try again later.",
  "contact.subscribed": "Thank you for subscribing!",
  "contact.notSubscribed": "You were not subscribed: please give a valid e-mail address.",
  "contact.tooManyRequests": "Too many requests. Please try again later.",
} as const;

const bn: Record<keyof typeof en, string> = {
  "contact.sent": "ধন্যবাদ! আপনার বার্তা পাঠানো হয়েছে।",
  "contact.notSent": "আপনার বার্তা পাঠানো হয়নি: আপনার নাম, সঠিক ই-মেইল ঠিকানা ও বার্তা (সর্বোচ্চ ৫০০০ অক্ষর) লিখুন।",
  "contact.tooMany": "অনেকগুলো বার্তা পাঠানো হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
  "contact.subscribed": "সাবস্ক্রাইব করার জন্য ধন্যবাদ!",
  "contact.notSubscribed": "সাবস্ক্রাইব হয়নি: একটি সঠিক ই-মেইল ঠিকানা লিখুন।",
  "contact.tooManyRequests": "অনেকবার চেষ্টা হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
};

export const contactMessages = { en, bn };
