// Texts of the account security area: sign-in through identity providers in a popup, phone
// verification, changing and resetting the password.
const en = {
  "provider.or": "or",
  "provider.continueWith": "Continue with {name}",
  "provider.busy": "Waiting for the sign-in window…",
  "provider.popupTitle": "Sign in",
  "provider.connecting": "Connecting to the sign-in service…",
  "provider.finishing": "Finishing the sign-in… You can close this window if it stays open.",
  "provider.error.popup-blocked":
    "The sign-in window was blocked by the browser. Allow pop-ups for this site and try again.",
  "provider.error.popup-closed-by-user": "The sign-in window was closed before the sign-in finished.",
  "provider.error.cancelled-popup-request":
    "A sign-in window is already open. Finish signing in there, or close it and try again.",
  "provider.error.network-request-failed":
    "The sign-in could not start: the server did not answer. Check your connection and try again.",
  "provider.error.too-many-requests": "Too many sign-in attempts. Please wait a minute and try again.",
  "provider.error.access_denied": "The sign-in was cancelled or refused at the provider (access_denied).",
  "provider.error.account_not_linked":
    "An account with this e-mail already exists. Sign in with its password (account_not_linked).",
  "provider.error.other": "The sign-in service answered with an error ({code}).",
  "provider.error.sign-in-failed": "The sign-in did not complete. Please try again.",
  "provider.error.provider_settings": "The site's sign-in settings are wrong: tell the institute.",
  "provider.error.provider_unreachable": "The sign-in service did not answer. Please try again in a moment.",
  "provider.error.provider_timeout":
    "The sign-in service did not answer in time. Please try again in a moment.",
  "provider.error.provider_unavailable":
    "The sign-in service cannot be reached at the moment. Try again later, or sign in with your e-mail and password.",
  "provider.error.invalid_code": "The sign-in did not complete. Please try again.",
  "provider.error.email_not_found":
    "The sign-in service did not give your e-mail address, which this site needs: tell the institute.",

  "login.forgotPassword": "Forgot password?",

  "phone.heading": "Phone number",
  "phone.lead": "Add a mobile number and confirm it with a code we send by text message.",
  "phone.verified": "Verified: {number}",
  "phone.notVerified": "No verified phone number yet.",
  "phone.number": "Phone number",
  "phone.numberHint": "With the country code, such as +8801712345678.",
  "phone.send": "Send code",
  "phone.changeNumber": "Use another number",
  "phone.codeSent": "We sent a 6-digit code to {number}. It is valid for 5 minutes.",
  "phone.code": "Code",
  "phone.verify": "Verify",
  "phone.resend": "Send a new code",
  "phone.success": "Your phone number is verified.",
  "phone.error.INVALID_OTP": "That code is not right. Check the message and try again.",
  "phone.error.OTP_EXPIRED": "That code has expired. Ask for a new one.",
  "phone.error.OTP_NOT_FOUND": "There is no code waiting for this number. Ask for a new one.",
  "phone.error.TOO_MANY_ATTEMPTS": "Too many wrong codes: this code no longer works. Ask for a new one.",
  "phone.error.PHONE_NUMBER_EXIST": "This number is already verified on another account.",
  "phone.error.RATE_LIMITED": "Too many codes were sent. Please wait before asking for another.",
  "phone.error.CONFLICT": "This number is already verified on your account.",
  "phone.error.SMS_NOT_SENT": "The text message could not be sent. Please try again in a moment.",

  "password.heading": "Password",
  "password.lead": "Change the password you sign in with.",
  "password.current": "Current password",
  "password.new": "New password",
  "password.retype": "Retype new password",
  "password.revokeOthers": "Sign out everywhere else (other browsers and devices)",
  "password.submit": "Change password",
  "password.success": "Your password has been changed.",
  "password.noPassword":
    "Your account signs in through an identity provider and has no password yet. To add one, ask for a reset link:",
  "password.error.INVALID_PASSWORD": "The current password is not right.",

  "forgot.heading": "Forgot password",
  "forgot.lead": "Enter the e-mail of your account. We will send a link to choose a new password.",
  "forgot.email": "E-mail",
  "forgot.submit": "Send reset link",
  "forgot.sent":
    "If an account uses {email}, a link to reset its password is on its way. It is valid for one hour.",
  "forgot.backToLogin": "Back to login",

  "reset.heading": "Choose a new password",
  "reset.password": "New password",
  "reset.retype": "Retype new password",
  "reset.submit": "Save new password",
  "reset.success": "Your password has been reset. Sign in with the new one.",
  "reset.invalid": "This reset link is not valid or has expired. Ask for a new one.",
  "reset.askAgain": "Ask for a new link",
} as const;

const bn: Record<keyof typeof en, string> = {
  "provider.or": "অথবা",
  "provider.continueWith": "{name} দিয়ে চালিয়ে যান",
  "provider.busy": "লগইন উইন্ডোর জন্য অপেক্ষা করা হচ্ছে…",
  "provider.popupTitle": "লগইন",
  "provider.connecting": "লগইন সেবার সঙ্গে সংযোগ করা হচ্ছে…",
  "provider.finishing": "লগইন শেষ করা হচ্ছে… উইন্ডোটি খোলা থেকে গেলে বন্ধ করে দিতে পারেন।",
  "provider.error.popup-blocked": "ব্রাউজার লগইন উইন্ডোটি আটকে দিয়েছে। এই সাইটের জন্য পপ-আপ চালু করে আবার চেষ্টা করুন।",
  "provider.error.popup-closed-by-user": "লগইন শেষ হওয়ার আগেই লগইন উইন্ডোটি বন্ধ করা হয়েছে।",
  "provider.error.cancelled-popup-request":
    "একটি লগইন উইন্ডো আগে থেকেই খোলা আছে। সেখানে লগইন শেষ করুন, অথবা সেটি বন্ধ করে আবার চেষ্টা করুন।",
  "provider.error.network-request-failed": "লগইন শুরু করা যায়নি: সার্ভার সাড়া দেয়নি। সংযোগ পরীক্ষা করে আবার চেষ্টা করুন।",
  "provider.error.too-many-requests": "অনেকবার লগইনের চেষ্টা হয়েছে। এক মিনিট পর আবার চেষ্টা করুন।",
  "provider.error.access_denied": "লগইন সেবায় লগইন বাতিল বা প্রত্যাখ্যান করা হয়েছে (access_denied)।",
  "provider.error.account_not_linked":
    "এই ই-মেইলে আগেই একটি অ্যাকাউন্ট আছে। সেটির পাসওয়ার্ড দিয়ে লগইন করুন (account_not_linked)।",
  "provider.error.other": "লগইন সেবা একটি ত্রুটি জানিয়েছে ({code})।",
  "provider.error.sign-in-failed": "লগইন সম্পূর্ণ হয়নি। আবার চেষ্টা করুন।",
  "provider.error.provider_settings": "এই সাইটের লগইন সেটিংস ভুল আছে: প্রতিষ্ঠানকে জানান।",
  "provider.error.provider_unreachable": "লগইন সেবা সাড়া দেয়নি। একটু পরে আবার চেষ্টা করুন।",
  "provider.error.provider_timeout": "লগইন সেবা সময়মতো সাড়া দেয়নি। একটু পরে আবার চেষ্টা করুন।",
  "provider.error.provider_unavailable":
    "এই মুহূর্তে লগইন সেবায় পৌঁছানো যাচ্ছে না। পরে আবার চেষ্টা করুন, অথবা ই-মেইল ও পাসওয়ার্ড দিয়ে লগইন করুন।",
  "provider.error.invalid_code": "লগইন সম্পূর্ণ হয়নি। আবার চেষ্টা করুন।",
  "provider.error.email_not_found": "লগইন সেবা আপনার ই-মেইল ঠিকানা দেয়নি, যা এই সাইটের দরকার: প্রতিষ্ঠানকে জানান।",

  "login.forgotPassword": "পাসওয়ার্ড ভুলে গেছেন?",

  "phone.heading": "ফোন নম্বর",
  "phone.lead": "একটি মোবাইল নম্বর যোগ করুন এবং এসএমএসে পাঠানো কোড দিয়ে নিশ্চিত করুন।",
  "phone.verified": "যাচাই করা হয়েছে: {number}",
  "phone.notVerified": "এখনও কোনো যাচাই করা ফোন নম্বর নেই।",
  "phone.number": "ফোন নম্বর",
  "phone.numberHint": "দেশের কোডসহ, যেমন +8801712345678।",
  "phone.send": "কোড পাঠান",
  "phone.changeNumber": "অন্য নম্বর ব্যবহার করুন",
  "phone.codeSent": "{number} নম্বরে ৬ অঙ্কের একটি কোড পাঠানো হয়েছে। এটি ৫ মিনিট কার্যকর থাকবে।",
  "phone.code": "কোড",
  "phone.verify": "যাচাই করুন",
  "phone.resend": "নতুন কোড পাঠান",
  "phone.success": "আপনার ফোন নম্বর যাচাই করা হয়েছে।",
  "phone.error.INVALID_OTP": "কোডটি সঠিক নয়। বার্তাটি দেখে আবার চেষ্টা করুন।",
  "phone.error.OTP_EXPIRED": "কোডটির মেয়াদ শেষ হয়ে গেছে। নতুন কোড চান।",
  "phone.error.OTP_NOT_FOUND": "এই নম্বরের জন্য কোনো কোড অপেক্ষায় নেই। নতুন কোড চান।",
  "phone.error.TOO_MANY_ATTEMPTS": "অনেকবার ভুল কোড দেওয়া হয়েছে: এই কোডটি আর কাজ করবে না। নতুন কোড চান।",
  "phone.error.PHONE_NUMBER_EXIST": "এই নম্বরটি অন্য একটি অ্যাকাউন্টে যাচাই করা আছে।",
  "phone.error.RATE_LIMITED": "অনেকগুলো কোড পাঠানো হয়েছে। আরেকটি চাওয়ার আগে কিছুক্ষণ অপেক্ষা করুন।",
  "phone.error.CONFLICT": "এই নম্বরটি আপনার অ্যাকাউন্টে আগেই যাচাই করা আছে।",
  "phone.error.SMS_NOT_SENT": "বার্তাটি পাঠানো যায়নি। একটু পরে আবার চেষ্টা করুন।",

  "password.heading": "পাসওয়ার্ড",
  "password.lead": "লগইনের পাসওয়ার্ড বদলান।",
  "password.current": "বর্তমান পাসওয়ার্ড",
  "password.new": "নতুন পাসওয়ার্ড",
  "password.retype": "নতুন পাসওয়ার্ড আবার লিখুন",
  "password.revokeOthers": "অন্য সব জায়গা থেকে লগআউট করুন (অন্য ব্রাউজার ও ডিভাইস)",
  "password.submit": "পাসওয়ার্ড বদলান",
  "password.success": "আপনার পাসওয়ার্ড বদলানো হয়েছে।",
  "password.noPassword":
    "আপনার অ্যাকাউন্ট একটি লগইন সেবার মাধ্যমে লগইন করে, এখনও কোনো পাসওয়ার্ড নেই। পাসওয়ার্ড যোগ করতে রিসেট লিংক চান:",
  "password.error.INVALID_PASSWORD": "বর্তমান পাসওয়ার্ডটি সঠিক নয়।",

  "forgot.heading": "পাসওয়ার্ড ভুলে গেছেন",
  "forgot.lead": "আপনার অ্যাকাউন্টের ই-মেইল লিখুন। নতুন পাসওয়ার্ড দেওয়ার একটি লিংক পাঠানো হবে।",
  "forgot.email": "ই-মেইল",
  "forgot.submit": "রিসেট লিংক পাঠান",
  "forgot.sent": "{email} দিয়ে কোনো অ্যাকাউন্ট থাকলে তার পাসওয়ার্ড রিসেটের লিংক পাঠানো হচ্ছে। লিংকটি এক ঘণ্টা কার্যকর থাকবে।",
  "forgot.backToLogin": "লগইনে ফিরে যান",

  "reset.heading": "নতুন পাসওয়ার্ড দিন",
  "reset.password": "নতুন পাসওয়ার্ড",
  "reset.retype": "নতুন পাসওয়ার্ড আবার লিখুন",
  "reset.submit": "নতুন পাসওয়ার্ড সংরক্ষণ করুন",
  "reset.success": "আপনার পাসওয়ার্ড নতুন করে দেওয়া হয়েছে। নতুন পাসওয়ার্ড দিয়ে লগইন করুন।",
  "reset.invalid": "এই রিসেট লিংকটি সঠিক নয় অথবা মেয়াদ শেষ হয়ে গেছে। নতুন লিংক চান।",
  "reset.askAgain": "নতুন লিংক চান",
};

export const accountSecurityMessages = { en, bn };
