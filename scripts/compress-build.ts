// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a built web app, at
// the highest levels, once at build time, so a server sends them as they are (@fastify/static
// `preCompressed`) instead of compressing on every request.
// A runtime-config.js is never compressed: operators edit it in place, so a copy would go stale.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const textFile = /\.(?:js|mjs|css|html|json|svg|txt|xml|map|data|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files this small gain nothing: the headers cost more than the bytes saved. */
const minBytes = 256;

export async function compressFolder(root: string): Promise<{ files: number; bytes: number; brotli: number }> {
  const todo: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (textFile.test(entry.name) && entry.name !== 'runtime-config.js' && statSync(full).size >= minBytes) todo.push(full);
    }
  };
  walk(root);
  let bytes = 0;
  let brotliBytes = 0;
  await Promise.all(
    todo.map(async (file) => {
      const content = readFileSync(file);
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      writeFileSync(`${file}.br`, br);
      writeFileSync(`${file}.gz`, gzipped);
      bytes += content.length;
      brotliBytes += br.length;
    }),
  );
  return { files: todo.length, bytes, brotli: brotliBytes };
}
