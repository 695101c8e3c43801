// Texts of admission applications: the statuses' names, and the texts and mail the school sends
// the applying guardian (the number once the fee is paid, every change of status, the code for
// checking a status by number), in the language the application was made in.
const en = {
  "applications.status.draft": "Draft",
  "applications.status.submitted": "Submitted",
  "applications.status.under_review": "Under review",
  "applications.status.admit_card_issued": "Admit card issued",
  "applications.status.selected": "Selected",
  "applications.status.waitlisted": "Waitlisted",
  "applications.status.rejected": "Rejected",
  "applications.status.admitted": "Admitted",
  "applications.status.withdrawn": "Withdrawn",
  "applications.text.submitted":
    "{school}: the application of {child} for {class} is submitted. Its number is {number}. Keep it to check its status.",
  "applications.text.status": "{school}: application {number} ({child}) is now: {status}.{note}",
  "applications.text.note": " Note: {note}",
  "applications.text.code":
    "{school}: the code to check application {number} is {code}. It works for 10 minutes.",
  "applications.mail.subject": "Your admission application",
} as const;

const bn: Record<keyof typeof en, string> = {
  "applications.status.draft": "খসড়া",
  "applications.status.submitted": "জমা হয়েছে",
  "applications.status.under_review": "যাচাই চলছে",
  "applications.status.admit_card_issued": "প্রবেশপত্র দেওয়া হয়েছে",
  "applications.status.selected": "নির্বাচিত",
  "applications.status.waitlisted": "অপেক্ষমাণ তালিকায়",
  "applications.status.rejected": "বাতিল",
  "applications.status.admitted": "ভর্তি হয়েছে",
  "applications.status.withdrawn": "প্রত্যাহার করা হয়েছে",
  "applications.text.submitted":
    "{school}: {class} এ {child} এর আবেদন জমা হয়েছে। আবেদন নম্বর {number}। অবস্থা দেখতে নম্বরটি রেখে দিন।",
  "applications.text.status": "{school}: আবেদন {number} ({child}) এর অবস্থা এখন: {status}।{note}",
  "applications.text.note": " মন্তব্য: {note}",
  "applications.text.code": "{school}: আবেদন {number} দেখার কোড {code}। এটি ১০ মিনিট চলবে।",
  "applications.mail.subject": "আপনার ভর্তির আবেদন",
};

export const admissionApplicationsMessages = { en, bn };
