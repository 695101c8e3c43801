// The content collections by the name pages use in their addresses.
import { admissionCollection } from "../../server/domain/admissions";
import { blogCollection } from "../../server/domain/blogs";
import { commentCollection } from "../../server/domain/comments";
import type { ContentCollection } from "../../server/domain/content/collection";
import { noticeCollection } from "../../server/domain/notices";
import { resultCollection } from "../../server/domain/results";
import { serviceCollection } from "../../server/domain/services";
import { studentCollection } from "../../server/domain/students";
import { teacherCollection } from "../../server/domain/teachers";

export const collectionsByKind: Record<string, ContentCollection<unknown>> = {
  admissions: admissionCollection,
  blogs: blogCollection,
  comments: commentCollection,
  notices: noticeCollection,
  results: resultCollection,
  services: serviceCollection,
  students: studentCollection,
  teachers: teacherCollection,
};
