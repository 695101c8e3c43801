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
  "This account has been disabled": "এই অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে",
  "You cannot disable or delete your own account": "নিজের অ্যাকাউন্ট নিষ্ক্রিয় করা বা মোছা যায় না",
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
  "Phone number is required": "ফোন নম্বর দিতে হবে",
  "Enter the number with its country code, such as +8801712345678":
    "দেশের কোডসহ নম্বরটি লিখুন, যেমন +8801712345678",
  "Enter the 6-digit code": "৬ অঙ্কের কোডটি লিখুন",
  "Enter your current password": "আপনার বর্তমান পাসওয়ার্ড লিখুন",
  "This reset link is not valid": "এই রিসেট লিংকটি সঠিক নয়",
  "The sign-in did not complete. Please try again.": "লগইন সম্পূর্ণ হয়নি। আবার চেষ্টা করুন।",
  "Invalid comment": "মন্তব্যটি সঠিক নয়",
  "No blog with this id": "এই ব্লগটি পাওয়া যায়নি",
  "Subject is required": "বিষয় লিখতে হবে",
  "Subject must be at most 200 characters": "বিষয় সর্বোচ্চ ২০০ অক্ষরের হতে পারে",
  "Subject must be one line": "বিষয় এক লাইনে লিখুন",
  "Message must be at most 10000 characters": "বার্তা সর্বোচ্চ ১০০০০ অক্ষরের হতে পারে",
  "Message not found": "বার্তাটি পাওয়া যায়নি",
  "Draft not found": "খসড়াটি পাওয়া যায়নি",
  "Move the message to the trash before deleting it for good": "চিরতরে মোছার আগে বার্তাটি ট্র্যাশে নিন",
  "Sent messages are kept": "পাঠানো বার্তা রেখে দেওয়া হয়",
  // The profile area (app/i18n/areas/profile.ts).
  "Name cannot be empty": "নাম খালি রাখা যাবে না",
  "Choose a class from the list": "তালিকা থেকে একটি শ্রেণি বেছে নিন",
  "Photo link must be an http or https link": "ছবির লিংক http বা https হতে হবে",
  "Image link must be an http or https link": "ছবির লিংক http বা https হতে হবে",
  "Choose a photo or give a link": "একটি ছবি বেছে নিন অথবা লিংক দিন",
  "Upload a JPEG, PNG, WebP or AVIF image": "JPEG, PNG, WebP বা AVIF ছবি আপলোড করুন",
  "Title is required": "শিরোনাম দিতে হবে",
  "Too many blogs sent. Please try again later.": "অনেকগুলো ব্লগ পাঠানো হয়েছে। কিছুক্ষণ পর আবার চেষ্টা করুন।",
  // The dashboard's forms and lists.
  "Price must be an amount such as 120 or 120.50": "মূল্য ১২০ বা ১২০.৫০ এর মতো একটি অঙ্ক হতে হবে",
  "Price: a comma only separates thousands, such as 1,250.50": "মূল্য: কমা শুধু হাজারের ঘর আলাদা করে, যেমন ১,২৫০.৫০",
  "Price may have at most 2 decimals": "মূল্যে দশমিকের পরে সর্বোচ্চ ২ অঙ্ক থাকতে পারে",
  "Price cannot be negative": "মূল্য ঋণাত্মক হতে পারে না",
  "Price must be at most 10,000,000,000.00": "মূল্য সর্বোচ্চ ১০,০০,০০,০০,০০০.০০ হতে পারে",
  "The order total may be at most 10,000,000,000.00": "অর্ডারের মোট পরিমাণ সর্বোচ্চ ১০,০০,০০,০০,০০০.০০ হতে পারে",
  // Stripe's limit (server/payments/stripe.ts).
  "The payment service takes at most 999,999.99 in one payment":
    "পেমেন্ট সেবা এক পেমেন্টে সর্বোচ্চ ৯,৯৯,৯৯৯.৯৯ নেয়",
  "Position must be principal, vice-principal or Teacher": "তালিকা থেকে একটি পদ বেছে নিন",
  "Choose a photo": "একটি ছবি বেছে নিন",
  "Invalid request": "অনুরোধটি সঠিক নয়",
  // Records the dashboard asks for that are gone (the content collections' "<Kind> not found",
  // server/domain/errors.ts) and the collections' refusals of a whole record.
  "Admission not found": "ভর্তিটি পাওয়া যায়নি",
  "Result not found": "ফলাফলটি পাওয়া যায়নি",
  "Blog not found": "ব্লগটি পাওয়া যায়নি",
  "Comment not found": "মন্তব্যটি পাওয়া যায়নি",
  "Notice not found": "নোটিশটি পাওয়া যায়নি",
  "Service not found": "সেবাটি পাওয়া যায়নি",
  "Student not found": "শিক্ষার্থীকে পাওয়া যায়নি",
  "Teacher not found": "শিক্ষককে পাওয়া যায়নি",
  "Order not found": "অর্ডারটি পাওয়া যায়নি",
  "Invalid admission": "ভর্তির তথ্য সঠিক নয়",
  "Invalid result": "ফলাফলের তথ্য সঠিক নয়",
  "Invalid blog": "ব্লগের তথ্য সঠিক নয়",
  "Invalid notice": "নোটিশের তথ্য সঠিক নয়",
  "Invalid service": "সেবার তথ্য সঠিক নয়",
  "Invalid student": "শিক্ষার্থীর তথ্য সঠিক নয়",
  "Invalid teacher": "শিক্ষকের তথ্য সঠিক নয়",
  // Uploads (server/files/images.ts; the size and pixel limits are rules below).
  "The image could not be read: the file is damaged or incomplete": "ছবিটি পড়া যায়নি: ফাইলটি নষ্ট বা অসম্পূর্ণ",
  // The inbox's reply (server/domain/inbox.ts) and the profile (server/domain/profile.ts).
  "Invalid message": "বার্তাটি সঠিক নয়",
  "No received message with this id": "এই আইডির কোনো প্রাপ্ত বার্তা পাওয়া যায়নি",
  "The e-mail cannot be changed here": "ই-মেইল এখানে বদলানো যায় না",
  // The router and the guard before Better Auth (server/api/router.ts, server/middleware/json-object-body.ts).
  "Unknown field": "অজানা ঘর",
  "No code was sent to your account for this number": "এই নম্বরের জন্য আপনার অ্যাকাউন্টে কোনো কোড পাঠানো হয়নি",
};

// The schemas build most field messages from the field's label (common/schemas/fields.ts): these
// rules and labels give them in Bangla, with Bengali digits.
export const errorRulesBn: [string, string][] = [
  ["{label} is required", "{label} দিতে হবে"],
  ["{label} must be at most {max} characters", "{label} সর্বোচ্চ {max} অক্ষরের হতে পারে"],
  ["{label} must be text", "{label} লেখা হিসেবে দিতে হবে"],
  ["{label} must be a number", "{label} একটি সংখ্যা হতে হবে"],
  ["{label} must not contain control characters", "{label}-এ নিয়ন্ত্রণ অক্ষর (control character) থাকতে পারবে না"],
  ["{label} must be an http or https link", "{label} http বা https লিংক হতে হবে"],
  ["The image is larger than {size}", "ছবিটি {size}-এর চেয়ে বড়"],
  // {size} is the image's size as the server wrote it ("8000 × 6000"); {max} whole megapixels.
  [
    "The image is {size} pixels; images of up to {max} megapixels are accepted",
    "ছবিটি {size} পিক্সেলের; সর্বোচ্চ {max} মেগাপিক্সেলের ছবি নেওয়া হয়",
  ],
];
export const fieldLabelsBn: Record<string, string> = {
  Title: "শিরোনাম",
  Price: "মূল্য",
  About: "বিবরণ",
  Information: "তথ্য",
  Body: "মূল লেখা",
  Category: "বিভাগ",
  "Service name": "সেবার নাম",
  Name: "নাম",
  "E-mail": "ই-মেইল",
  Description: "বর্ণনা",
  Phone: "ফোন",
  Address: "ঠিকানা",
  Photo: "ছবি",
  "Image link": "ছবির লিংক",
  "Photo link": "ছবির লিংক",
  Class: "শ্রেণি",
  Message: "বার্তা",
  Subject: "বিষয়",
  Password: "পাসওয়ার্ড",
};
export const bengaliDigits = "০১২৩৪৫৬৭৮৯";

export const noAccountPrefix = "No account with the e-mail ";
export const noAccountBn = "এই ই-মেইলে কোনো অ্যাকাউন্ট নেই: ";
