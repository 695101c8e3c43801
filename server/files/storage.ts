// Where uploaded files live: the local disk under DATA_DIR/files (served by the app at /files/),
// or an S3 bucket when S3_BUCKET is set. FlyDrive gives both the same few calls; this module
// narrows them to what the site needs and refuses any key outside images/ and downloads/.
import path from "node:path";
import { Disk } from "flydrive";
import { FSDriver } from "flydrive/drivers/fs";
import type { Config, S3Config } from "../config";
import { isOutOfSpace, StorageFullError } from "../storage-full";

export type FileStorage = {
  kind: "local" | "s3";
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** The address browsers fetch the file from. */
  url(key: string): string;
  exists(key: string): Promise<boolean>;
  /** The stored bytes (backups read them). */
  read(key: string): Promise<Uint8Array>;
};

// Every key holds a random id, so a stored object never changes: caches may keep it a year.
export const immutableCacheControl = "public, max-age=31536000, immutable";

// Three flat folders (images, the downloads' documents, admission applications' PDFs), plain characters: a key can never
// climb out of them or need escaping in a URL.
const keyPattern = /^(images|downloads|admissions)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export class FileKeyError extends Error {
  constructor(key: string) {
    super(
      `Refused file key ${JSON.stringify(key)}: keys are images/, downloads/ or admissions/ followed by letters, digits, ".", "_" or "-"`,
    );
    this.name = "FileKeyError";
  }
}

/** Throws FileKeyError unless the key is images/, downloads/ or admissions/<safe name>. */
export function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.includes("..")) throw new FileKeyError(key);
  return key;
}

export function createFileStorage(config: Config): FileStorage {
  if (config.s3) return s3FileStorage(config.s3);
  return localFileStorage(path.join(config.dataDir, "files"));
}

/** Files under `root`, served by the app at /files/<key> (see server/http.ts). */
export function localFileStorage(root: string): FileStorage {
  const disk = Promise.resolve(new Disk(new FSDriver({ location: root, visibility: "public" })));
  return wrap(
    "local",
    () => disk,
    (key) => `/files/${key}`,
  );
}

export function s3FileStorage(s3: S3Config): FileStorage {
  // The AWS SDK costs about 22 MB of memory: loaded with the first file call, and only for S3.
  let disk: Promise<Disk> | undefined;
  const s3Disk = () => {
    disk ??= Promise.all([createS3Client(s3), import("flydrive/drivers/s3")]).then(
      ([client, { S3Driver }]) => {
        // No ACLs: new AWS buckets refuse them, and R2 has none. Public reading is the bucket's
        // policy (or a CDN's) to grant.
        return new Disk(
          new S3Driver({ client, bucket: s3.bucket, visibility: "public", supportsACL: false }),
        );
      },
    );
    return disk;
  };
  return wrap("s3", s3Disk, (key) => s3Url(s3, key));
}

/** An AWS SDK client for the bucket (the backups use it too); the SDK is loaded on first use. */
export async function createS3Client(s3: S3Config) {
  const { S3Client } = await import("@aws-sdk/client-s3");
  return new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // The SDK's default CRC32 checksums on every upload are refused by several S3-compatible
    // services; AWS itself gets them.
    ...(s3.endpoint
      ? {
          requestChecksumCalculation: "WHEN_REQUIRED" as const,
          responseChecksumValidation: "WHEN_REQUIRED" as const,
        }
      : {}),
  });
}

/**
 * The public address of an object: S3_PUBLIC_URL when set, otherwise what FlyDrive's S3 driver
 * answers (computed here because the driver's getUrl is asynchronous and pages need it at once).
 */
function s3Url(s3: S3Config, key: string): string {
  if (s3.publicUrl) return `${s3.publicUrl}/${key}`;
  if (s3.endpoint) return `${new URL(s3.endpoint).origin}/${s3.bucket}/${key}`;
  return `https://${s3.bucket}.s3.amazonaws.com/${key}`;
}

function wrap(
  kind: FileStorage["kind"],
  disk: () => Promise<Disk>,
  url: (key: string) => string,
): FileStorage {
  return {
    kind,
    async put(key, data, contentType) {
      const target = await disk();
      try {
        await target.put(checkKey(key), data, { contentType, cacheControl: immutableCacheControl });
      } catch (error) {
        // A write cut short (the disk filled up) leaves part of the file: it goes too.
        if (kind === "local") await target.delete(key).catch(() => {});
        if (isOutOfSpace(error)) throw new StorageFullError({ cause: error });
        throw error;
      }
    },
    async delete(key) {
      try {
        await (await disk()).delete(checkKey(key));
      } catch (error) {
        // AWS answers 204 for a missing object; some compatible services answer 404.
        if (!isNotFound(error)) throw error;
      }
    },
    url: (key) => url(checkKey(key)),
    exists: async (key) => (await disk()).exists(checkKey(key)),
    read: async (key) => (await disk()).getBytes(checkKey(key)),
  };
}

function isNotFound(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  if (typeof cause !== "object" || cause === null || !("$metadata" in cause)) return false;
  const metadata = cause.$metadata;
  return typeof metadata === "object" && metadata !== null && "httpStatusCode" in metadata
    ? metadata.httpStatusCode === 404
    : false;
}
