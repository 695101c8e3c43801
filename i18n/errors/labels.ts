// The fields a message may name ("{label} is required"), by code: each language gives their
// words (texts-bn.ts for Bangla), so a message names a field in the reader's language.
export const labelsEn = {
  title: "Title",
  price: "Price",
  about: "About",
  information: "Information",
  body: "Body",
  category: "Category",
  serviceName: "Service name",
  name: "Name",
  email: "E-mail",
  description: "Description",
  start: "Start",
  end: "End",
  date: "Date",
  caption: "Caption",
  cover: "Cover",
  position: "Position",
  place: "Place",
  phone: "Phone",
  address: "Address",
  photo: "Photo",
  imageLink: "Image link",
  photoLink: "Photo link",
  class: "Class",
  message: "Message",
  subject: "Subject",
  password: "Password",
  number: "Number",
  rollNumber: "Roll number",
  featured: "Featured",
  allDay: "All day",
  phoneNumber: "Phone number",
  admissionId: "Admission id",
  clientSecret: "The client secret",
  transaction: "transaction",
  reason: "Reason",
  amount: "Amount",
  // Kinds of record, for "{kind} not found" and "Invalid {what}"; the kinds of content's are in
  // their definitions (common/kinds/<kind>.ts, texts.label).
  // A blog a comment is for, a routine's teacher (the kinds' own names are their definitions').
  blog: "Blog",
  teacher: "Teacher",
  order: "Order",
  exam: "Exam",
  enrolment: "Enrolment",
  // The register of students.
  child: "Child",
  guardian: "Guardian",
  payment: "Payment",
  invoice: "Invoice",
  receipt: "Receipt",
  application: "Application",
  document: "Document",
  round: "Admission round",
  feeRate: "Fee",
  draft: "Draft",
  substitute: "Substitute",
  contactMessage: "Contact message",
  subscription: "Subscription",
  request: "Request",
  reply: "Reply",
  cart: "Cart",
  account: "Account",
  teachingAssignment: "Class-subject",
  attendanceMark: "Attendance mark",
  leaveRequest: "Leave request",
  // The marks sheet's columns.
  roll: "Roll",
  registration: "Registration",
  // Days of the week, for the routines' clashes.
  saturday: "Saturday",
  sunday: "Sunday",
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
} as const;

export type LabelCode = keyof typeof labelsEn;

/**
 * Parameters that name a label, not a value: {what} is the label in lower case ("Invalid order"),
 * {day} a day of the week.
 */
export const labelParams = ["label", "kind", "what", "day"] as const;
