// The image pipeline as the content engine sees it: store an upload, remove one, show one.
import type { Logger } from "pino";
import type { Config } from "../config";
import type { Database } from "../db/client";
import type { ImageStore } from "../domain/content/collection";
import type { FileStorage } from "./storage";
import { deleteStoredImage, imageInfo, storeImage } from "./uploads";

export function createImageStore(deps: {
  db: Database;
  files: FileStorage;
  config: Config;
  logger: Logger;
}): ImageStore {
  return {
    store: ({ bytes, name, uploadedBy }) =>
      storeImage(deps, { bytes, originalName: name, uploadedBy, maxBytes: deps.config.uploadMaxBytes }),
    remove: async (fileId) => {
      await deleteStoredImage(deps, fileId);
    },
    view: (file) => imageInfo(file, deps.files),
  };
}
