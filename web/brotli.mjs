// Brotli-compress files for web/serve.py (Python's standard library has no brotli; Node's zlib
// does). Usage: node web/brotli.mjs QUALITY SOURCE TARGET [SOURCE TARGET]...
// Each TARGET is written whole or not at all (a temporary file renamed into place).
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { brotliCompressSync, constants } from "node:zlib";

const [quality, ...pairs] = process.argv.slice(2);
if (!/^\d+$/.test(quality ?? "") || pairs.length % 2) {
  console.error("usage: node web/brotli.mjs QUALITY SOURCE TARGET [SOURCE TARGET]...");
  process.exit(2);
}
for (let i = 0; i < pairs.length; i += 2) {
  const data = readFileSync(pairs[i]);
  const packed = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: Number(quality),
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const temporary = `${pairs[i + 1]}.${process.pid}.tmp`;
  writeFileSync(temporary, packed);
  renameSync(temporary, pairs[i + 1]);
}
