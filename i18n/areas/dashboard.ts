// The dashboard (admins).
const en = {
  "dashboard.title": "Dashboard",
  "dashboard.menu": "Dashboard menu",
  "dashboard.home": "Home",
  "dashboard.addAdmin": "Add admin",
  "dashboard.welcome": "Welcome, {name}",
  "dashboard.welcomeLead": "Manage the site's content from the menu.",
  "dashboard.notAdmin":
    "The dashboard is for the institute's administrators. Your account is not an admin account; ask an administrator if you need access.",
  "addAdmin.heading": "Make an admin",
  "addAdmin.lead": "Give an existing account administrator rights. The person must have registered first.",
  "addAdmin.email": "E-mail",
  "addAdmin.submit": "Make admin",
  "addAdmin.success": "Admin add successfully",
  "dashboard.menu.users": "Users",
  "dashboard.menu.subscribers": "Subscribers",
} as const;

const bn: Record<keyof typeof en, string> = {
  "dashboard.title": "ড্যাশবোর্ড",
  "dashboard.menu": "ড্যাশবোর্ড মেনু",
  "dashboard.home": "হোম",
  "dashboard.addAdmin": "অ্যাডমিন যোগ করুন",
  "dashboard.welcome": "স্বাগতম, {name}",
  "dashboard.welcomeLead": "মেনু থেকে সাইটের বিষয়বস্তু পরিচালনা করুন।",
  "dashboard.notAdmin":
    "ড্যাশবোর্ড প্রতিষ্ঠানের প্রশাসকদের জন্য। আপনার অ্যাকাউন্টটি অ্যাডমিন নয়; প্রয়োজনে একজন প্রশাসকের সাথে যোগাযোগ করুন।",
  "addAdmin.heading": "অ্যাডমিন বানান",
  "addAdmin.lead": "বিদ্যমান কোনো অ্যাকাউন্টকে প্রশাসকের অধিকার দিন। ব্যক্তিকে আগে নিবন্ধন করতে হবে।",
  "addAdmin.email": "ই-মেইল",
  "addAdmin.submit": "অ্যাডমিন বানান",
  "addAdmin.success": "অ্যাডমিন সফলভাবে যোগ হয়েছে",
  "dashboard.menu.users": "ব্যবহারকারী",
  "dashboard.menu.subscribers": "সাবস্ক্রাইবার",
};

export const dashboardMessages = { en, bn };
