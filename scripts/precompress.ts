/** Writes .br and .gz beside each text asset of the client build, served as-is (no per-request compression). */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest|txt|xml|html)$/;

let files = 0;
function walk(dir: string) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && statSync(path).size > 512) {
      const content = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      files++;
    }
  }
}
walk(clientDir);
console.log(`precompressed ${files} files`);
