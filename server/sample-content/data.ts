// The routines' sample (not a kind of content: its periods and two classes' weeks). Each kind's
// samples are beside its server part (server/domain/<kind>.ts, `samples`); sampleContent and the
// lists below gather them for the tests that read what a fresh installation shows.
import { sampleAdmissions } from "../domain/admissions";
import { sampleBlogs } from "../domain/blogs";
import { sampleNotices } from "../domain/notices";
import { sampleResults } from "../domain/results";
import { sampleServices } from "../domain/services";
import { sampleStudents } from "../domain/students";
import { sampleTeachers } from "../domain/teachers";

export { sampleAlbums } from "../domain/albums";
export { sampleDownloads } from "../domain/downloads";
export { sampleEvents } from "../domain/events";

/** The kinds' samples with pictures, for a year. */
export function sampleContent(year: number) {
  return {
    admissions: sampleAdmissions(year),
    blogs: sampleBlogs(year),
    results: sampleResults(year),
    notices: sampleNotices(year),
    services: sampleServices(year),
    students: sampleStudents(year),
    teachers: sampleTeachers(year),
  };
}

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

/**
 * The sample exam: Class Six's half-yearly examination of the year, published, with three
 * students' marks, so that a fresh site's result lookup and marksheet can be tried at once (the
 * first sample result announcement gives the first student's roll and registration).
 */
export function sampleExam(year: number) {
  const written = (full: number, pass: number) => [{ kind: "written" as const, full, pass }];
  return {
    name: "Half-yearly examination",
    session: String(year),
    className: "Class Six",
    subjects: [
      { code: "101", name: "Bangla", optional: false, components: written(100, 33) },
      { code: "107", name: "English", optional: false, components: written(100, 33) },
      { code: "109", name: "Mathematics", optional: false, components: written(100, 33) },
      { code: "111", name: "Islam and Moral Education", optional: false, components: written(100, 33) },
    ],
    students: [
      { name: "Abdullah Al Mamun", nameBn: "আবদুল্লাহ আল মামুন", roll: "1", scores: [86, 78, 92, 88] },
      { name: "Fatema Akter", nameBn: "ফাতেমা আক্তার", roll: "2", scores: [81, 74, 69, 90] },
      { name: "Nusrat Jahan", nameBn: "নুসরাত জাহান", roll: "3", scores: [72, 65, 58, 77] },
    ].map((student) => ({ ...student, registration: `${year}0600${student.roll}` })),
  };
}
