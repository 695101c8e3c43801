// After the build: a brotli and a gzip copy beside every text asset, so the server sends them
// as they are (best compression, no per-request work).
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const root = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client"));
const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
let raw = 0;
let compressed = 0;
for await (const file of files(root)) {
  const source = await readFile(file);
  if (source.length < 512) continue;
  const [br, gzipped] = await Promise.all([
    brotli(source, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
    }),
    gz(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  count++;
  raw += (await stat(file)).size;
  compressed += br.length;
}
console.log(
  `compressed ${count} assets: ${(raw / 1024).toFixed(1)} KB -> ${(compressed / 1024).toFixed(1)} KB brotli`,
);
