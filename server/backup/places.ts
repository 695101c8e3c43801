// Where backups are kept: a folder, or the S3 bucket under backups/ (BACKUP_DIR=s3, --to s3). An
// archive is always written to a local folder first (its .partial renamed when complete); for
// the bucket it is then uploaded and the local copy deleted.
import { createReadStream, createWriteStream, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config, S3Config } from "../config";
import { createS3Client } from "../files/storage";
import { ArchiveError } from "./archive";
import { backupExtension } from "./backup";

export type BackupPlace = {
  /** For messages: the folder, or s3://bucket/backups/. */
  name: string;
  /** Where archives are written before they are kept. */
  folder: string;
  /** Keeps a finished archive; answers where it is now (a path, or s3://bucket/key). */
  keep(file: string): Promise<string>;
  /** The archive names with this prefix, oldest first. */
  list(prefix: string): Promise<string[]>;
  remove(name: string): Promise<void>;
};

const s3Prefix = "backups/";

export function folderPlace(folder: string): BackupPlace {
  return {
    name: folder,
    folder,
    keep: async (file) => file,
    async list(prefix) {
      try {
        return readdirSync(folder)
          .filter((name) => name.startsWith(`${prefix}-`) && name.endsWith(backupExtension))
          .sort();
      } catch {
        return [];
      }
    },
    remove: async (name) => rmSync(path.join(folder, path.basename(name)), { force: true }),
  };
}

export function s3Place(s3: S3Config): BackupPlace {
  // Written here first (takeBackup makes it), uploaded, then deleted.
  const folder = path.join(tmpdir(), `maktab-backups-${process.pid}`);
  const client = createS3Client(s3);
  const commands = import("@aws-sdk/client-s3");
  return {
    name: `s3://${s3.bucket}/${s3Prefix}`,
    folder,
    async keep(file) {
      const { PutObjectCommand } = await commands;
      const key = `${s3Prefix}${path.basename(file)}`;
      try {
        await (await client).send(
          new PutObjectCommand({
            Bucket: s3.bucket,
            Key: key,
            Body: createReadStream(file),
            ContentLength: statSync(file).size,
            ContentType: "application/gzip",
          }),
        );
      } finally {
        rmSync(file, { force: true });
      }
      return `s3://${s3.bucket}/${key}`;
    },
    async list(prefix) {
      const { ListObjectsV2Command } = await commands;
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await (await client).send(
          new ListObjectsV2Command({
            Bucket: s3.bucket,
            Prefix: `${s3Prefix}${prefix}-`,
            ContinuationToken: token,
          }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key?.endsWith(backupExtension)) names.push(item.Key.slice(s3Prefix.length));
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async remove(name) {
      const { DeleteObjectCommand } = await commands;
      await (await client).send(
        new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${s3Prefix}${path.basename(name)}` }),
      );
    },
  };
}

/** `to` is a folder or "s3"; without it, BACKUP_DIR's. */
export function backupPlace(config: Config, to: string = config.backups.to): BackupPlace {
  if (to.toLowerCase() !== "s3") return folderPlace(path.resolve(to));
  if (!config.s3) throw new Error("Backups to S3 need S3_BUCKET and its keys");
  return s3Place(config.s3);
}

/** The archive named by `location` as a local file: a path, or s3://bucket/backups/NAME. */
export async function fetchArchive(
  config: Config,
  location: string,
): Promise<{ file: string; cleanup: () => void }> {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(location);
  if (!match) return { file: path.resolve(location), cleanup: () => {} };
  const [, bucket, key] = match as unknown as [string, string, string];
  if (!config.s3 || config.s3.bucket !== bucket) {
    throw new ArchiveError(`${location} is not in the configured bucket (S3_BUCKET)`);
  }
  const { GetObjectCommand } = await import("@aws-sdk/client-s3");
  const client = await createS3Client(config.s3);
  const folder = mkdtempSync(path.join(tmpdir(), "maktab-archive-"));
  const file = path.join(folder, path.basename(key));
  try {
    const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await pipeline(answer.Body as Readable, createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    if ((error as Error).name === "NoSuchKey") throw new ArchiveError(`No such archive: ${location}`);
    throw error;
  } finally {
    client.destroy();
  }
  return { file, cleanup: () => rmSync(folder, { recursive: true, force: true }) };
}
