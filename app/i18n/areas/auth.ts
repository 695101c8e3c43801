// Sign-in and registration.
const en = {
  "login.heading": "Login",
  "login.email": "E-mail",
  "login.password": "Password",
  "login.submit": "Login",
  "login.noAccount": "New here?",
  "login.createAccount": "Create an account",
  "login.success": "Login successfully!",
  "login.signedInAs": "You are signed in as {email}. This page needs a different account.",
  "register.heading": "Register",
  "register.displayName": "Name",
  "register.email": "E-mail",
  "register.password": "Password",
  "register.retypePassword": "Retype password",
  "register.submit": "Register",
  "register.haveAccount": "Already have an account?",
  "register.login": "Login",
  "register.success": "User Created successfully!",
  "register.mismatch": "Your password did not match",
} as const;

const bn: Record<keyof typeof en, string> = {
  "login.heading": "লগইন",
  "login.email": "ই-মেইল",
  "login.password": "পাসওয়ার্ড",
  "login.submit": "লগইন",
  "login.noAccount": "নতুন এখানে?",
  "login.createAccount": "অ্যাকাউন্ট খুলুন",
  "login.success": "সফলভাবে লগইন হয়েছে!",
  "login.signedInAs": "আপনি {email} হিসেবে লগইন করা আছেন। এই পাতার জন্য অন্য অ্যাকাউন্ট প্রয়োজন।",
  "register.heading": "নিবন্ধন",
  "register.displayName": "নাম",
  "register.email": "ই-মেইল",
  "register.password": "পাসওয়ার্ড",
  "register.retypePassword": "পাসওয়ার্ড আবার লিখুন",
  "register.submit": "নিবন্ধন করুন",
  "register.haveAccount": "আগে থেকেই অ্যাকাউন্ট আছে?",
  "register.login": "লগইন",
  "register.success": "ব্যবহারকারী সফলভাবে তৈরি হয়েছে!",
  "register.mismatch": "আপনার পাসওয়ার্ড মেলেনি",
};

export const authMessages = { en, bn };
