// Sign-in and registration.
const en = {
  "login.heading": "Login",
  "login.email": "E-mail",
  "login.password": "Password",
  "login.submit": "Login",
  "login.noAccount": "New here?",
  "login.createAccount": "Create an account",
  "login.success": "Login successfully!",
  "login.signedInAs": "You are signed in as {name} ({email}).",
  "login.needsOther":
    "The page you asked for needs a different account: sign out, or sign in below as someone else.",
  "login.goOn": "Go to my profile",
  "login.teachersReason": "Sign in to see the teachers' page.",
  "login.publicTeachers": "Or see the public teachers page without signing in",
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
  "login.signedInAs": "আপনি {name} ({email}) হিসেবে লগইন করা আছেন।",
  "login.needsOther":
    "আপনি যে পাতাটি চেয়েছেন তার জন্য অন্য অ্যাকাউন্ট প্রয়োজন: লগআউট করুন, অথবা নিচে অন্য কারও হিসেবে লগইন করুন।",
  "login.goOn": "আমার প্রোফাইলে যান",
  "login.teachersReason": "শিক্ষকদের পাতা দেখতে লগইন করুন।",
  "login.publicTeachers": "অথবা লগইন ছাড়াই সবার জন্য খোলা শিক্ষকদের পাতা দেখুন",
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
