// Bangla for the validation messages of common/schemas. The schemas speak English (the API
// sends those texts as they are); forms show them through this table, falling back to English.
export const errorMessagesBn: Record<string, string> = {
  "E-mail is required": "ই-মেইল দিতে হবে",
  "Enter a valid e-mail address": "সঠিক ই-মেইল ঠিকানা লিখুন",
  "E-mail must be at most 50 characters": "ই-মেইল সর্বোচ্চ ৫০ অক্ষরের হতে পারে",
  "E-mail must be at most 254 characters": "ই-মেইল সর্বোচ্চ ২৫৪ অক্ষরের হতে পারে",
  "Name is required": "নাম দিতে হবে",
  "Name must be at most 50 characters": "নাম সর্বোচ্চ ৫০ অক্ষরের হতে পারে",
  "Password is required": "পাসওয়ার্ড দিতে হবে",
  "Password must be at least 8 characters": "পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে",
  "Password must be at most 128 characters": "পাসওয়ার্ড সর্বোচ্চ ১২৮ অক্ষরের হতে পারে",
  "Retype the password": "পাসওয়ার্ডটি আবার লিখুন",
  "Your password did not match": "আপনার পাসওয়ার্ড মেলেনি",
  "Invalid email or password": "ই-মেইল বা পাসওয়ার্ড ভুল",
  "User already exists. Use another email.": "এই ই-মেইলে আগেই অ্যাকাউন্ট আছে। অন্য ই-মেইল ব্যবহার করুন।",
  "Only an admin may do this": "শুধু একজন অ্যাডমিন এটি করতে পারেন",
  "Too many requests. Please try again later.": "অনেকবার চেষ্টা হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
  "Name must be at most 100 characters": "নাম সর্বোচ্চ ১০০ অক্ষরের হতে পারে",
  "Message is required": "বার্তা লিখতে হবে",
  "Message must be at most 5000 characters": "বার্তা সর্বোচ্চ ৫০০০ অক্ষরের হতে পারে",
  "Too many messages. Please try again later.": "অনেকগুলো বার্তা পাঠানো হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
  "Your card was declined.": "আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে।",
  "Your card has insufficient funds.": "আপনার কার্ডে যথেষ্ট টাকা নেই।",
  "Your card has expired.": "আপনার কার্ডের মেয়াদ শেষ হয়ে গেছে।",
  "Your card number is not a test card. In test mode no real money moves: use 4242 4242 4242 4242.":
    "এই কার্ড নম্বরটি পরীক্ষার কার্ড নয়। পরীক্ষামূলক মোডে কোনো আসল টাকা লেনদেন হয় না: 4242 4242 4242 4242 ব্যবহার করুন।",
  "This admission no longer exists": "এই ভর্তিটি আর নেই",
  "The total has changed": "মোট পরিমাণ বদলে গেছে",
  "The payment service is not answering. Please try again in a moment.":
    "পেমেন্ট সেবা এখন সাড়া দিচ্ছে না। একটু পরে আবার চেষ্টা করুন।",
  "Sign in first": "আগে লগইন করুন",
  "Invalid comment": "মন্তব্যটি সঠিক নয়",
  "No blog with this id": "এই ব্লগটি পাওয়া যায়নি",
};

export const noAccountPrefix = "No account with the e-mail ";
export const noAccountBn = "এই ই-মেইলে কোনো অ্যাকাউন্ট নেই: ";
