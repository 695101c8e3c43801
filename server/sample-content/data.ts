// The sample records a fresh installation starts with, so the site and the dashboard show what
// they look like before the institute adds its own content. Every list is newest first; the
// seeder gives each record a creation time from its place in the list. Years come from the
// current date so the sample never looks stale. Addresses, phone numbers and e-mail addresses
// are made up (example domain, zero-padded numbers). Students and teachers come approved, with
// one of each waiting for review, so the dashboard shows its review queue.
import type { ClassName } from "../../common/classes";
import type { ReviewStatus, teacherPositions } from "../db/schema";

export type SampleAdmission = { title: string; about: string; priceMinor: number };
export type SampleComment = { name: string; email: string; message: string };
export type SampleBlog = {
  title: string;
  authorEmail: string;
  category: string;
  body: string;
  comments: SampleComment[];
};
export type SampleResult = { title: string; information: string };
/** A notice; `download` names a sample download (by its title) that it carries. */
export type SampleNotice = { title: string; about: string; download?: string };
export type SampleService = { name: string; about: string };
export type SampleStudent = {
  name: string;
  email: string;
  description: string;
  className: ClassName;
  status: ReviewStatus;
};
export type SampleTeacher = {
  name: string;
  email: string;
  phone: string;
  address: string;
  about: string;
  position: (typeof teacherPositions)[number];
  category: string;
  status: ReviewStatus;
  isFeatured: boolean;
};

export type SampleContent = {
  admissions: SampleAdmission[];
  blogs: SampleBlog[];
  results: SampleResult[];
  notices: SampleNotice[];
  services: SampleService[];
  students: SampleStudent[];
  teachers: SampleTeacher[];
};

const office = "office@maktab.example";

/** Paragraphs joined by blank lines, the way the blog body is stored. */
function paragraphs(...parts: string[]): string {
  return parts.join("\n\n");
}

export function sampleContent(year: number): SampleContent {
  const next = year + 1;
  const last = year - 1;

  const admissions: SampleAdmission[] = [
    {
      title: `Class Six admission ${next}`,
      about:
        "Admission to Class Six for the new session is open to children who have completed Class Five. " +
        "The programme follows the national curriculum alongside daily Quran and Arabic lessons. " +
        "Applicants sit a short written test in Bangla, English and mathematics, followed by a meeting with a parent.",
      priceMinor: 12000,
    },
    {
      title: "Hifz programme",
      about:
        "A full-time programme for memorising the Holy Quran under experienced huffaz, with revision every morning and evening. " +
        "Students also continue general lessons in Bangla, English and mathematics in the afternoon. " +
        "Places are limited so that every student gets individual attention.",
      priceMinor: 15000,
    },
    {
      title: `Alim first year ${next}`,
      about:
        "Admission to the first year of Alim for students who have passed Dakhil or SSC. " +
        "Subjects include Quran, Hadith, Fiqh and Arabic literature together with English, ICT and science electives. " +
        "Hostel seats are available for students from outside the district.",
      priceMinor: 18000,
    },
    {
      title: `Class One admission ${next}`,
      about:
        "Our youngest learners begin with reading, writing and numbers in a warm, caring classroom. " +
        "Children learn the Arabic alphabet and short surahs through stories and songs. " +
        "Parents are invited to an orientation morning before classes start.",
      priceMinor: 8000,
    },
    {
      title: `Class Nine science group ${next}`,
      about:
        "Admission to Class Nine in the science group for students with a strong result in Class Eight. " +
        "Practical classes in physics, chemistry and biology take place in our renovated science lab. " +
        "Extra mathematics support is offered twice a week.",
      priceMinor: 14000,
    },
    {
      title: "Evening Arabic language course",
      about:
        "A six-month course in spoken and written Arabic for adults and older students, held three evenings a week. " +
        "The course covers everyday conversation, grammar and reading short texts. " +
        "A certificate is awarded to everyone who completes the final assessment.",
      priceMinor: 5000,
    },
  ];

  const blogs: SampleBlog[] = [
    {
      title: "Annual prize-giving day brings the whole community together",
      authorEmail: office,
      category: "Events",
      body: paragraphs(
        "This year's prize-giving day filled the main hall with students, parents, teachers and guests from the neighbourhood. The programme opened with a recitation from the Holy Quran by a student of the Hifz section, followed by the national anthem.",
        "Awards were given for the best results in every class, for perfect attendance and for good conduct. Special prizes went to the students who completed the memorisation of the Quran this year, and the hall rose to applaud them.",
        "The chief guest, a retired headmaster from the district, reminded students that knowledge grows when it is shared. He thanked the parents for their trust and the teachers for their patience.",
        "We are grateful to everyone who helped with the decorations, the refreshments and the sound system. Photographs from the day will be shown on the notice board next week.",
      ),
      comments: [
        {
          name: "Rokeya Sultana",
          email: "rokeya.sultana@mail.example",
          message:
            "A wonderful day. My daughter was so proud to receive her attendance prize. Thank you to all the teachers.",
        },
        {
          name: "Abul Kalam",
          email: "abul.kalam@mail.example",
          message:
            "The Quran recitation at the start was beautiful. May Allah bless the students and their teachers.",
        },
        {
          name: "Sharmin Akter",
          email: "sharmin.akter@mail.example",
          message: "Well organised as always. Could the photographs also be shared with parents online?",
        },
      ],
    },
    {
      title: "How we teach mathematics in the junior classes",
      authorEmail: "kamrul.hasan@maktab.example",
      category: "Academics",
      body: paragraphs(
        "Many children come to us afraid of mathematics. Our first aim in the junior classes is to replace that fear with curiosity, using counting beads, shapes cut from card and simple games.",
        "Every new idea starts with something the children can hold and move. Only when they can explain it in their own words do we write it down with numbers and symbols.",
        "Short daily practice works better than long homework. Each class ends with five minutes of mental arithmetic, and the children keep track of their own progress in a small notebook.",
      ),
      comments: [
        {
          name: "Nasima Khatun",
          email: "nasima.khatun@mail.example",
          message: "My son now asks to play the number games at home. This approach really works.",
        },
        {
          name: "Habibur Rahman",
          email: "habibur.rahman@mail.example",
          message: "Could you suggest a few games we can play with our children during the holidays?",
        },
      ],
    },
    {
      title: "Winter holiday and revised school timings",
      authorEmail: office,
      category: "Notice",
      body: paragraphs(
        "The institute will close for the winter holiday after the annual examinations. Classes for the new session begin on the first working day of January.",
        "From the new session, the school day starts at 8:30 in the morning during the winter months and ends at 1:30 in the afternoon. The Hifz section keeps its usual early-morning timetable.",
        "Parents are requested to collect books and uniforms for the new session from the office before the holiday begins. The office stays open on weekdays from 9 to 1 during the holiday.",
      ),
      comments: [],
    },
    {
      title: "Our students at the divisional science fair",
      authorEmail: "rezaul.karim@maktab.example",
      category: "Events",
      body: paragraphs(
        "Four students from Class Nine represented the institute at the divisional science fair this month. Their project, a low-cost water filter made from sand, charcoal and clay, drew a steady crowd all day.",
        "The team spent two months testing different layers and measuring how clear the water became. They explained their results to the judges in both Bangla and English.",
        "The project won second prize in the junior category. The students now plan to build a larger filter for the hostel kitchen with help from the science teachers.",
        "Congratulations to the team and thank you to the parents who travelled with them.",
      ),
      comments: [
        {
          name: "Jahangir Alam",
          email: "jahangir.alam@mail.example",
          message: "Excellent work. Practical projects like this teach more than any textbook.",
        },
        {
          name: "Mousumi Das",
          email: "mousumi.das@mail.example",
          message: "Congratulations to the team! Is there a science club younger students can join?",
        },
        {
          name: "Tariqul Islam",
          email: "tariqul.islam@mail.example",
          message: "Proud of these young scientists. Well done to the teachers who guided them.",
        },
        {
          name: "Farida Yasmin",
          email: "farida.yasmin@mail.example",
          message:
            "My nephew was on the team and has not stopped talking about it. Thank you for the opportunity.",
        },
      ],
    },
    {
      title: "Reading the Quran with understanding",
      authorEmail: "abdur.rahim@maktab.example",
      category: "Academics",
      body: paragraphs(
        "Reciting the Quran beautifully is a great blessing, and understanding what we recite brings it into our daily lives. This year we have added a weekly lesson on the meaning of the surahs our students memorise.",
        "In these lessons, students learn key Arabic words, the setting in which a passage was revealed and the lessons it holds for us today. Older students lead short discussions for the younger ones.",
        "We encourage families to continue this at home: read a few verses together after Maghrib and talk about what they mean.",
      ),
      comments: [],
    },
    {
      title: "New books arrive in the library",
      authorEmail: office,
      category: "Campus",
      body: paragraphs(
        "More than three hundred new books have arrived in the library, thanks to donations from former students and well-wishers.",
        "The collection includes children's stories in Bangla and English, biographies, books on Islamic history, and reference books for the Dakhil and Alim classes.",
        "The library is open every school day during the lunch break and for an hour after classes. Students may borrow two books at a time for up to two weeks.",
      ),
      comments: [
        {
          name: "Mizanur Rahman",
          email: "mizanur.rahman@mail.example",
          message:
            "As a former student I am happy to see the library growing. I will send more books next month.",
        },
        {
          name: "Salma Begum",
          email: "salma.begum@mail.example",
          message: "Wonderful news. Are parents allowed to borrow books too?",
        },
      ],
    },
    {
      title: "Tips for preparing for the half-yearly examination",
      authorEmail: "farhana.yasmin@maktab.example",
      category: "Academics",
      body: paragraphs(
        "Examinations go best when preparation starts early. Make a simple timetable that gives every subject a little time each day, and keep one day a week for revision.",
        "Sleep well, eat a proper breakfast and take short breaks while studying. A tired mind remembers far less than a rested one.",
        "Practise with past questions and check your answers with your teachers. Mistakes found before the examination are the most useful mistakes of all.",
        "Parents can help by keeping the evenings quiet and by asking children to explain what they learned that day.",
        "We wish all our students success, in sha Allah.",
      ),
      comments: [],
    },
    {
      title: "Tree planting week on campus",
      authorEmail: office,
      category: "Events",
      body: paragraphs(
        "Students and teachers planted more than one hundred saplings around the campus and along the road to the hostel during tree planting week.",
        "Each class adopted a group of trees and will water and care for them through the dry season. Mango, jackfruit, neem and krishnachura saplings were chosen so that the campus has both fruit and shade.",
        "The week closed with a short talk on caring for the environment as a trust from Allah, and a drawing competition for the junior classes.",
      ),
      comments: [],
    },
  ];

  const results: SampleResult[] = [
    {
      title: `Half-yearly examination ${year} - Class Eight`,
      information:
        "Results of the half-yearly examination for Class Eight are published. 62 of 64 students passed, and 18 achieved GPA 5. " +
        "Mark sheets can be collected from the class teacher. Parents are welcome to discuss their child's progress on the next parents' day.",
    },
    {
      title: `Half-yearly examination ${year} - Class Five`,
      information:
        "All 48 students of Class Five passed the half-yearly examination. " +
        "The highest marks were achieved in mathematics and Arabic. Mark sheets are available from the office.",
    },
    {
      title: `Annual examination ${last} - Alim`,
      information:
        "Results of the annual examination for the Alim classes are published. The pass rate was 96 percent. " +
        "Students who need to re-sit a subject will receive a schedule from the academic office.",
    },
    {
      title: `Annual examination ${last} - Class Eight`,
      information:
        "Results of the annual examination for Class Eight are published. 59 of 61 students were promoted to Class Nine. " +
        "Subject choices for Class Nine must be submitted to the office within two weeks.",
    },
  ];

  const notices: SampleNotice[] = [
    {
      title: `Admission tests for the ${next} session`,
      about:
        "Admission tests for Class One to Class Nine and for the Hifz programme will be held on the last Saturday of the month. " +
        "Applicants should arrive by 9 in the morning with their admit card and two passport-size photographs.",
      download: "Admission form",
    },
    {
      title: "Annual examination routine published",
      about:
        "The routine for the annual examination is now available from the office and on the notice board. " +
        "Students must clear all dues before collecting their admit cards.",
    },
    {
      title: "Parents' day on Thursday",
      about:
        "Parents and guardians are invited to meet the class teachers on Thursday between 10 in the morning and 1 in the afternoon. " +
        "Half-yearly mark sheets and attendance records will be discussed.",
    },
    {
      title: "Holiday for Eid-e-Miladunnabi",
      about:
        "The institute will remain closed for Eid-e-Miladunnabi. The Hifz section will hold a special programme of recitation and naat in the main hall. " +
        "Regular classes resume the following day.",
    },
    {
      title: "Free health check-up for students",
      about:
        "A team of doctors from the upazila health complex will carry out free eye, dental and general health check-ups for all students. " +
        "Please make sure your child brings their student ID card.",
    },
  ];

  const services: SampleService[] = [
    {
      name: "Library",
      about:
        "A quiet reading room with more than four thousand books in Bangla, English, Arabic and Urdu, open every school day.",
    },
    {
      name: "Transport",
      about:
        "School buses cover the main routes of the town every morning and afternoon, with a teacher on every bus.",
    },
    {
      name: "Hostel",
      about:
        "Separate, supervised hostels for boys and girls with three healthy meals a day, evening study hours and a resident teacher.",
    },
    {
      name: "Science lab",
      about:
        "Well-equipped physics, chemistry and biology laboratories where students learn through regular practical work.",
    },
    {
      name: "Computer lab",
      about:
        "Thirty computers with internet access for ICT classes, typing practice in Bangla and English, and project work.",
    },
    {
      name: "Counselling",
      about:
        "A trained counsellor meets students who need support with their studies, their health or their family life, in confidence.",
    },
  ];

  const students: SampleStudent[] = [
    {
      name: "Ayesha Siddiqua",
      email: "ayesha.siddiqua@student.maktab.example",
      description:
        "Ayesha enjoys Bangla literature and leads the class debating team. She hopes to become a teacher.",
      className: "Class Eight",
      status: "approved",
    },
    {
      name: "Tanvir Ahmed",
      email: "tanvir.ahmed@student.maktab.example",
      description: "Tanvir loves mathematics and built a solar lamp for the science fair.",
      className: "Class Nine",
      status: "approved",
    },
    {
      name: "Nusrat Jahan",
      email: "nusrat.jahan@student.maktab.example",
      description: "Nusrat completed the memorisation of the Quran this year. She also enjoys calligraphy.",
      className: "Alim",
      status: "approved",
    },
    {
      name: "Abdullah Al Mamun",
      email: "abdullah.mamun@student.maktab.example",
      description: "Abdullah is the captain of the football team and a keen reader of history books.",
      className: "Class Ten",
      status: "approved",
    },
    {
      name: "Fatema Akter",
      email: "fatema.akter@student.maktab.example",
      description:
        "Fatema joined this year and already has perfect attendance. Her favourite subject is English.",
      className: "Class Six",
      status: "approved",
    },
    {
      name: "Rafiul Islam",
      email: "rafiul.islam@student.maktab.example",
      description: "Rafiul likes drawing and gardening, and helped lead tree planting week.",
      className: "Class Five",
      status: "approved",
    },
    {
      name: "Sumaiya Rahman",
      email: "sumaiya.rahman@student.maktab.example",
      description: "Sumaiya is a member of the science club and wants to study medicine.",
      className: "Class Seven",
      status: "approved",
    },
    {
      name: "Mahmudul Hasan",
      email: "mahmudul.hasan@student.maktab.example",
      description: "Mahmudul recites the Quran beautifully and often leads the morning assembly.",
      className: "Class Three",
      status: "pending",
    },
  ];

  const teachers: SampleTeacher[] = [
    {
      name: "Mawlana Abdur Rahim",
      email: "abdur.rahim@maktab.example",
      phone: "+880 1711-000101",
      address: "House 12, Road 5, Mirpur 10, Dhaka 1216",
      about:
        "Principal of the institute for twelve years. He studied at Dhaka Alia Madrasah and teaches Tafsir and Hadith to the Alim classes.",
      position: "principal",
      category: "Arabic",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Farhana Yasmin",
      email: "farhana.yasmin@maktab.example",
      phone: "+880 1812-000202",
      address: "Agrabad Commercial Area, Chattogram 4100",
      about:
        "Vice-principal and head of English. She holds a master's degree in English literature and runs the school's debating club.",
      position: "vice-principal",
      category: "English",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Kamrul Hasan",
      email: "kamrul.hasan@maktab.example",
      phone: "+880 1911-000303",
      address: "Zindabazar, Sylhet 3100",
      about: "Teaches mathematics to Classes Six to Ten and coaches students for the mathematics olympiad.",
      position: "Teacher",
      category: "Mathematics",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Shamima Nasrin",
      email: "shamima.nasrin@maktab.example",
      phone: "+880 1712-000404",
      address: "Shaheb Bazar, Rajshahi 6100",
      about: "Teaches Bangla language and literature and organises the annual cultural programme.",
      position: "Teacher",
      category: "Bangla",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Hafez Nurul Amin",
      email: "nurul.amin@maktab.example",
      phone: "+880 1713-000505",
      address: "Kotwali, Cumilla 3500",
      about:
        "Leads the Hifz section. He has guided more than eighty students to complete the memorisation of the Quran.",
      position: "Teacher",
      category: "Quran",
      status: "approved",
      isFeatured: true,
    },
    {
      name: "Rezaul Karim",
      email: "rezaul.karim@maktab.example",
      phone: "+880 1714-000606",
      address: "Khalishpur, Khulna 9000",
      about:
        "Teaches physics and chemistry and looks after the science lab. He mentors the science fair teams.",
      position: "Teacher",
      category: "Science",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Taslima Begum",
      email: "taslima.begum@maktab.example",
      phone: "+880 1715-000707",
      address: "Ganginarpar, Mymensingh 2200",
      about:
        "Teaches biology and general science to the junior classes, with a love for field trips and nature walks.",
      position: "Teacher",
      category: "Science",
      status: "approved",
      isFeatured: false,
    },
    {
      name: "Imran Hossain",
      email: "imran.hossain@maktab.example",
      phone: "+880 1716-000808",
      address: "Band Road, Barishal 8200",
      about:
        "Joining this session to teach ICT and run the computer lab. He has worked as a software developer.",
      position: "Teacher",
      category: "ICT",
      status: "pending",
      isFeatured: false,
    },
  ];

  return { admissions, blogs, results, notices, services, students, teachers };
}

export type SampleEvent = {
  title: string;
  category: "holiday" | "exam" | "meeting" | "event";
  place: string;
  description: string;
  /** Days from the first of the current month (Bangladesh time); the time of day, or all day. */
  day: number;
  lastDay?: number;
  time?: { from: string; to: string };
};

/** The academic calendar's samples, around the current month so the calendar never looks empty. */
export const sampleEvents: SampleEvent[] = [
  {
    title: "Parents' meeting",
    category: "meeting",
    place: "Main hall",
    description:
      "Class teachers meet the parents of Classes Six to Ten to talk about the half-yearly results.",
    day: 3,
    time: { from: "10:00", to: "12:30" },
  },
  {
    title: "Half-yearly examinations",
    category: "exam",
    place: "Examination hall",
    description: "Written examinations for all classes. The routine is on the notice board.",
    day: 9,
    lastDay: 15,
  },
  {
    title: "Victory Day",
    category: "holiday",
    place: "",
    description: "The institute is closed.",
    day: 16,
  },
  {
    title: "Annual sports day",
    category: "event",
    place: "School field",
    description: "Races, games and the prize-giving, with tea for the guests.",
    day: 22,
    time: { from: "08:30", to: "15:00" },
  },
  {
    title: "Teachers' planning meeting",
    category: "meeting",
    place: "Staff room",
    description: "Planning the coming term's routine and syllabuses.",
    day: 35,
    time: { from: "14:00", to: "16:00" },
  },
];

export type SampleDownload = {
  title: string;
  category: "form" | "syllabus" | "routine" | "notice" | "other";
  description: string;
  /** The file's name as readers save it (a Bangla one too). */
  fileName: string;
  /** The PDF's lines of text. */
  lines: string[];
};

/** The downloads' samples: small one-page PDFs made at start (server/sample-content/pdf.ts). */
export const sampleDownloads: SampleDownload[] = [
  {
    title: "Admission form",
    category: "form",
    description: "Fill in and bring to the office with two photos and the birth certificate.",
    fileName: "ভর্তি ফরম.pdf",
    lines: ["Student's name:", "Father's name:", "Mother's name:", "Date of birth:", "Class sought:"],
  },
  {
    title: "Class Nine syllabus",
    category: "syllabus",
    description: "Chapters for the half-yearly and the annual examinations, subject by subject.",
    fileName: "class-nine-syllabus.pdf",
    lines: ["Bangla: chapters 1 to 6", "English: units 1 to 5", "Mathematics: chapters 1 to 7"],
  },
  {
    title: "Class routine, morning shift",
    category: "routine",
    description: "Periods from Saturday to Thursday for Classes Six to Ten.",
    fileName: "routine-morning-shift.pdf",
    lines: ["Period 1: 8:00 to 8:45", "Period 2: 8:45 to 9:30", "Tiffin: 10:15 to 10:35"],
  },
  {
    title: "Winter holiday notice",
    category: "notice",
    description: "The institute is closed from 25 December to 1 January.",
    fileName: "winter-holiday-notice.pdf",
    lines: ["The institute is closed from 25 December to 1 January.", "Classes resume on 2 January."],
  },
];

/** The institute's sample periods: six classes from 08:00 with a tiffin break after the third. */
export const samplePeriods = [
  { number: 1, startsAt: "08:00", endsAt: "08:45", isBreak: false },
  { number: 2, startsAt: "08:45", endsAt: "09:30", isBreak: false },
  { number: 3, startsAt: "09:30", endsAt: "10:15", isBreak: false },
  { number: 4, startsAt: "10:15", endsAt: "10:45", isBreak: true },
  { number: 5, startsAt: "10:45", endsAt: "11:30", isBreak: false },
  { number: 6, startsAt: "11:30", endsAt: "12:15", isBreak: false },
  { number: 7, startsAt: "12:15", endsAt: "13:00", isBreak: false },
];

/**
 * Two sample routines (Class Six in room 101, Class Seven in room 102), Saturday to Thursday. The
 * teachers take turns by day and period, three places apart between the classes, so no teacher
 * is in two rooms at once.
 */
export const sampleRoutines = [
  { className: "Class Six", room: "101", offset: 0 },
  { className: "Class Seven", room: "102", offset: 3 },
].map((routine) => ({
  ...routine,
  subjects: ["Bangla", "English", "Mathematics", "Science", "Arabic", "Quran", "Social Science", "ICT"],
}));
export type SampleAlbum = { title: string; description: string; captions: string[] };

/** The photo gallery's samples: two albums of a few photos, drawn at start like the other images. */
export const sampleAlbums: SampleAlbum[] = [
  {
    title: "Annual sports day",
    description: "Races, games and the prize-giving on the school field.",
    captions: ["The hundred-metre race", "Tug of war, Class Nine against Class Ten", "The prize-giving"],
  },
  {
    title: "Science fair",
    description: "Projects by the students of Classes Six to Ten.",
    captions: ["A water filter made of sand and charcoal", "The solar oven"],
  },
];
