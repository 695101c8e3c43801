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
};

export const noAccountPrefix = "No account with the e-mail ";
export const noAccountBn = "এই ই-মেইলে কোনো অ্যাকাউন্ট নেই: ";
