import type { NoticeDownload } from "../domain/notices";
import { noticeCollection } from "../domain/notices";
import { contentEndpoints, wireDate } from "./content-endpoints";
import { downloadFilePath } from "./downloads";
import { noticeWire } from "./wire-schemas";

export const noticeEndpoints = contentEndpoints({
  collection: noticeCollection,
  tag: "Notices",
  paths: { list: ["/Notice/notices"], one: ["/Notice/notices/:id"], create: ["/Notice/notices"] },
  // The specification spells it Title; title is taken too.
  fields: { Title: "title", title: "title", about: "about", downloadId: "downloadId" },
  imageFields: ["image"],
  wire: noticeWire,
  toWire: (notice) => {
    const download = (notice as { download?: NoticeDownload | null }).download ?? null;
    return {
      _id: notice.id,
      Title: notice.title,
      about: notice.about,
      image: notice.image?.url ?? null,
      imageSet: notice.image,
      download: download && {
        _id: download.id,
        title: download.title,
        fileName: download.fileName,
        fileSize: download.fileSize,
        file: downloadFilePath(download.id),
      },
      date: wireDate(notice),
    };
  },
});
