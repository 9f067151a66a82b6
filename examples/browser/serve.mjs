// `node examples/browser/serve.mjs`: serves the repository on 127.0.0.1 (a free port) with the CSP a page
// running portcullis needs — script-src 'self' 'wasm-unsafe-eval' — and prints the example page's URL.
// The runtime matrix (test/matrix.test.ts) uses the same server, with and without 'wasm-unsafe-eval'.
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".json": "application/json", ".wasm": "application/wasm" };

/** Serve `root` read-only; resolves with the base URL and a close(). */
export function serveStatic({ root, csp = STRICT_CSP, port = 0 }) {
  const base = resolve(root);
  const server = createServer(async (request, response) => {
    let pathname = decodeURIComponent(new URL(request.url, "http://x").pathname);
    if (pathname.endsWith("/")) pathname += "index.html";
    const path = resolve(base, "." + pathname);
    if (!path.startsWith(base + sep)) return void response.writeHead(403).end();
    try {
      const body = await readFile(path);
      response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "content-security-policy": csp });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) => {
    server.listen(port, "127.0.0.1", () => {
      // close() also drops idle keep-alive connections, which a browser tab would otherwise hold open.
      done({ url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((closed) => { server.close(closed); server.closeAllConnections(); }) });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { url } = await serveStatic({ root: fileURLToPath(new URL("../..", import.meta.url)) });
  console.log(`open ${url}/examples/browser/ (Ctrl-C to stop)`);
}
