// Blogs, the server's part (common/kinds/blogs.ts is the definition): a user's blog waits for
// review, an author's edit goes back to it (docs/decisions/0012-user-blogs-and-profile.md). On
// the wire, the byline is authorName and authorImg (the writer's display name and photo); the
// writer's e-mail (`email`, the specification's field) is theirs and the admins' alone.

import { sql } from "drizzle-orm";
import { z } from "zod";
import { problem } from "../../common/errors/problem";
import { isPlaceholderEmail } from "../../common/phone-accounts";
import { shownLink } from "../../common/text-rules";
import { wireDate } from "../api/kind-rest";
import { email, id, imageFields, reviewStatusWire, timestamp } from "../api/wire-schemas";
import { blogs } from "../db/schema";
import type { Actor } from "./actor";
import { shownTo } from "./content/collection";
import { insertStamped, type KindSamples } from "./content/samples";
import { serverKind } from "./content/server-kind";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

/** Blogs a user (not an admin) may send for review in an hour. */
export const userBlogLimit: RateLimitRule = {
  name: "blog",
  max: 10,
  windowMs: 60 * 60 * 1000,
  problem: problem("limit.blogs"),
};

/** Who wrote a blog (the e-mail and the account) is for the writer and admins only. */
export const blogFieldsSeen = { authorEmail: "author or admin", authorId: "author or admin" } as const;

/** A blog as this actor may see it (fields they may not read are left out). */
export const blogSeenBy = <T extends { authorEmail: string; authorId: string | null }>(
  actor: Actor,
  blog: T,
) => {
  const shown = shownTo(actor, blog, blogFieldsSeen, actor.kind === "user" && blog.authorId === actor.id);
  // A phone account's blog carries its placeholder address, which nobody is shown.
  if (isPlaceholderEmail(blog.authorEmail)) delete shown.authorEmail;
  return shown;
};

/** A fresh installation's blogs, approved, each with a picture (their comments: comments.ts). */
const samples: KindSamples = {
  pictures: {
    hue: 212,
    label: "Blog",
    place: 1,
    titles: (year) => sampleBlogs(year).map((item) => item.title),
  },
  insert: async (seeding) => {
    const records = sampleBlogs(seeding.year).map(({ comments: _comments, ...blog }) => ({
      ...blog,
      status: "approved" as const,
    }));
    return { rows: await insertStamped(seeding, blogs, records, (item) => item.title) };
  },
};

export const blogKind = serverKind({
  samples,
  kind: "blogs",
  table: blogs,
  authorOf: (blog) => blog.authorId,
  authorColumn: blogs.authorId,
  // A blog waiting for review is seen by its author and the admins only.
  hiddenFrom: (actor) => {
    if (actor.kind === "user" && actor.isAdmin) return undefined;
    if (actor.kind === "user") return sql`(${blogs.status} = 'approved' or ${blogs.authorId} = ${actor.id})`;
    return sql`${blogs.status} = 'approved'`;
  },
  // A signed-in author also sees their own blogs under review: a view of their own.
  views: (actor) =>
    actor.kind === "anonymous" ? "everyone" : actor.isAdmin ? "admins" : `author ${actor.id}`,
  adminOnly: ["status", "authorEmail"],
  // A user's blog carries their own e-mail and waits for review, whatever the request says.
  prefill: (actor) => (actor.isAdmin ? {} : { authorEmail: actor.email }),
  // The byline shows the writer's display name and photo, never their e-mail.
  onCreate: (input, actor) => ({
    authorId: actor.id,
    authorName: actor.name,
    authorPhotoUrl: shownLink(actor.image),
    status: actor.isAdmin ? (input.status ?? "approved") : "pending",
  }),
  onUpdate: (_blog, actor) => (actor.isAdmin ? {} : { status: "pending" }),
  // Counted per account: a signed-in user could otherwise flood the review queue.
  beforeCreate: async (ctx, actor) => {
    if (!actor.isAdmin) await enforceRateLimit(ctx.db, userBlogLimit, [actor.id]);
  },
  rest: {
    tag: "Blogs",
    paths: {
      list: ["/blog/blogs"],
      one: ["/blog/blogs/:id"],
      create: ["/blog/blogs"],
      mine: ["/blog/blogs/mine"],
    },
    fields: { title: "title", email: "authorEmail", blog: "body", catagori: "category", status: "status" },
    imageFields: ["image"],
    filters: ["status"],
    wire: z.strictObject({
      _id: id,
      title: z.string(),
      email: email.meta({ description: "The writer's e-mail" }),
      authorName: z
        .string()
        .meta({ description: "The writer's display name, as it was when the blog was written" }),
      authorImg: z.string().nullable().meta({ description: "The writer's photo link, when they had one" }),
      blog: z.string(),
      catagori: z.string(),
      ...imageFields("image"),
      status: reviewStatusWire,
      date: timestamp,
    }),
    // The writer's e-mail (blogFieldsSeen's authorEmail) is the wire's `email`.
    visibleTo: { email: blogFieldsSeen.authorEmail },
    toWire: (record, actor) => {
      const blog = blogSeenBy(actor, record);
      return {
        _id: blog.id,
        title: blog.title,
        email: blog.authorEmail,
        authorName: blog.authorName,
        authorImg: shownLink(blog.authorPhotoUrl),
        blog: blog.body,
        catagori: blog.category,
        image: blog.image?.url ?? null,
        imageSet: blog.image,
        status: blog.status,
        date: wireDate(blog),
      };
    },
  },
});

export const blogCollection = blogKind.collection;

/** The filter of public lists (/blogs, the home page, feeds): approved blogs only, for everyone. */
export const publishedBlogs = { status: "approved" } as const;

export type SampleComment = { name: string; email: string; message: string };
export type SampleBlog = {
  title: string;
  authorEmail: string;
  category: string;
  body: string;
  comments: SampleComment[];
};

const office = "office@maktab.example";

/** Paragraphs joined by blank lines, the way the blog body is stored. */
function paragraphs(...parts: string[]): string {
  return parts.join("\n\n");
}

/** The sample blogs, newest first, with the comments under each. */
export function sampleBlogs(_year: number): SampleBlog[] {
  return [
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
}
