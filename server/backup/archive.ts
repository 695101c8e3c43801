// The backup file: a gzipped tar (tar-stream, Node's zlib), written and read as a stream so that
// years of images never sit in memory at once, and readable by `tar tzf` without this app.
//
//   manifest.json              what is inside, with a sha256 of every entry (manifest.ts)
//   database/<table>.jsonl     one JSON object per row
//   files/images/<name>        the stored files, by their storage key (and files/downloads/<name>)
//   secrets/<name>             DATA_DIR/secrets, only with --with-secrets
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { extract, pack } from "tar-stream";

export type ArchiveWriter = {
  add(name: string, data: Uint8Array | string): Promise<void>;
  /** Ends the archive and waits until it is on disk. */
  finish(): Promise<void>;
};

export function writeArchive(file: string): ArchiveWriter {
  const tar = pack();
  const done = pipeline(tar, createGzip({ level: 6 }), createWriteStream(file, { mode: 0o600 }));
  // A failed write must not leave add() waiting forever.
  let failure: unknown;
  done.catch((error) => {
    failure = error;
  });
  return {
    add(name, data) {
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        tar.entry({ name, mode: 0o600, mtime: new Date() }, Buffer.from(data), (error) =>
          error ? reject(error) : resolve(),
        );
      });
    },
    async finish() {
      tar.finalize();
      await done;
    },
  };
}

/** Entry names this app writes; anything else in an archive is refused. */
const entryPattern =
  /^(manifest\.json|database\/[a-z0-9_]{1,63}\.jsonl|files\/(?:images|downloads|admissions)\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}|secrets\/[A-Za-z0-9][A-Za-z0-9._-]{0,100})$/;

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

export type ExtractedEntry = { bytes: number; sha256: string };

/**
 * Unpacks an archive into `folder` (which should be empty and private), checking each name, and
 * answers every entry's size and sha256.
 */
export async function extractArchive(file: string, folder: string): Promise<Map<string, ExtractedEntry>> {
  const entries = new Map<string, ExtractedEntry>();
  const tar = extract();
  let current = "";
  const reading = (async () => {
    for await (const entry of tar) {
      const name = entry.header.name;
      current = name;
      if (entry.header.type === "directory") {
        entry.resume();
        continue;
      }
      if (entry.header.type !== "file" || !entryPattern.test(name) || name.includes("..")) {
        throw new ArchiveError(`The archive holds an unexpected entry: ${name}`);
      }
      if (entries.has(name)) throw new ArchiveError(`The archive holds ${name} twice`);
      const chunks: Buffer[] = [];
      const hash = createHash("sha256");
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        hash.update(chunk);
        chunks.push(chunk);
      }
      const data = Buffer.concat(chunks);
      const target = path.join(folder, name);
      mkdirSync(path.dirname(target), { recursive: true });
      await writeFile(target, data, { mode: 0o600 });
      entries.set(name, { bytes: data.length, sha256: hash.digest("hex") });
    }
  })();
  try {
    await Promise.all([pipeline(createReadStream(file), createGunzip(), tar), reading]);
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ArchiveError(`No such archive: ${file}`);
    const where = current ? ` (at ${current})` : "";
    throw new ArchiveError(`The archive ${file} is damaged${where}: ${(error as Error).message}`);
  }
  return entries;
}

export const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
