/**
 * @module
 * The approval page: one small HTML document, its script and its style,
 * served by the handler at GET /, /app.js and /app.css. No framework, no
 * CDN, nothing inline, so the Content-Security-Policy can forbid inline
 * script and style outright. The page holds no data: it asks the API with
 * the token the human typed, kept in sessionStorage (never in a URL), and
 * renders every value with textContent — tool arguments are attacker-written.
 */

import { PAGE_SCRIPT } from "./page-script.ts";

const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>portcullis · approvals</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<header class="top">
  <h1>portcullis <span>approvals</span></h1>
  <p id="status" role="status">Locked</p>
  <button id="lock" type="button" hidden>Lock</button>
</header>
<main>
  <form id="unlock" autocomplete="off">
    <label for="token">Approver token</label>
    <input id="token" name="token" type="password" required minlength="16" spellcheck="false">
    <button type="submit">Unlock</button>
    <p id="unlock-error" class="error" role="alert"></p>
  </form>
  <section id="queue" hidden>
    <h2>Waiting for a decision <span id="count" class="badge">0</span></h2>
    <p id="empty" class="muted">Nothing is waiting. New requests appear here by themselves.</p>
    <div id="actions" aria-live="polite"></div>
    <button id="more" type="button" hidden>Show older requests</button>
  </section>
  <section id="history" hidden>
    <h2>Recently decided</h2>
    <ol id="decided"></ol>
  </section>
</main>
</body>
</html>
`;

const PAGE_STYLE = `:root { color-scheme: light; --ink: #1d232b; --muted: #5f6b7a; --line: #d9dee5; --bg: #f4f6f8; --ok: #1f7a45; --no: #b3261e; --accent: #2f5bd3; }
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
.top { display: flex; align-items: center; gap: 1rem; padding: .8rem 1.5rem; background: #1d232b; color: #fff; }
.top h1 { margin: 0; font-size: 1.15rem; letter-spacing: .02em; }
.top h1 span { font-weight: 400; opacity: .75; }
.top #status { margin: 0 0 0 auto; font-size: .9rem; opacity: .85; }
main { max-width: 980px; margin: 1.2rem auto; padding: 0 1rem; }
h2 { font-size: 1rem; margin: 1.2rem 0 .6rem; }
.badge { display: inline-block; min-width: 1.6em; padding: 0 .45em; border-radius: 1em; background: var(--accent); color: #fff; text-align: center; font-size: .85rem; }
.muted { color: var(--muted); }
.error, .warning { color: var(--no); }
form#unlock { display: grid; gap: .5rem; max-width: 420px; margin: 3rem auto; padding: 1.2rem; background: #fff; border: 1px solid var(--line); border-radius: 8px; }
input, select, textarea, button { font: inherit; }
input, select, textarea { padding: .35rem .5rem; border: 1px solid var(--line); border-radius: 5px; background: #fff; }
button { padding: .35rem .8rem; border: 1px solid var(--line); border-radius: 5px; background: #fff; cursor: pointer; }
button:disabled { opacity: .45; cursor: not-allowed; }
button.approve { background: var(--ok); border-color: var(--ok); color: #fff; }
button.reject { background: var(--no); border-color: var(--no); color: #fff; }
.action { background: #fff; border: 1px solid var(--line); border-left: 4px solid #e0a100; border-radius: 8px; padding: .8rem 1rem; margin-bottom: .9rem; }
.action header { display: flex; align-items: baseline; gap: .8rem; }
.action h3 { margin: 0; font: 600 1rem ui-monospace, "SFMono-Regular", Menlo, monospace; }
.action .age { margin-left: auto; color: var(--muted); font-size: .85rem; }
.action .meta { margin: .15rem 0 .4rem; color: var(--muted); font-size: .82rem; word-break: break-all; }
.reasons { margin: .2rem 0 .5rem; padding-left: 1.2rem; font-size: .9rem; }
.reasons code { color: #7a4b00; }
.action .rule, .what .why { margin: .1rem 0 .4rem; color: var(--muted); font-size: .82rem; word-break: break-all; }
.what h4 { margin: .3rem 0 .1rem; font-size: .85rem; }
.what ul { margin: .1rem 0 .4rem; padding-left: 1.2rem; font-size: .85rem; word-break: break-all; }
dl.args { display: grid; grid-template-columns: max-content 1fr; gap: .2rem .8rem; margin: .4rem 0 .7rem; padding: .5rem .7rem; background: #f7f8fa; border-radius: 6px; }
dl.args dt { font: 600 .85rem ui-monospace, Menlo, monospace; color: var(--muted); }
dl.args dd { margin: 0; min-width: 0; }
code.value, pre.value { font: .85rem ui-monospace, Menlo, monospace; white-space: pre-wrap; word-break: break-all; margin: 0; }
details.fold summary { cursor: pointer; font: .85rem ui-monospace, Menlo, monospace; color: var(--ink); word-break: break-all; }
.controls { display: flex; flex-wrap: wrap; gap: .45rem; align-items: center; }
.controls .group { display: inline-flex; gap: .3rem; }
.controls input.message { flex: 1 1 220px; }
.editor { display: grid; gap: .4rem; margin-top: .6rem; }
.editor textarea { min-height: 7rem; font: .85rem ui-monospace, Menlo, monospace; }
#decided { padding-left: 1.2rem; color: var(--muted); font-size: .9rem; }
#decided .st-approved, #decided .st-consumed { color: var(--ok); }
#decided .st-rejected, #decided .st-expired { color: var(--no); }
`;

/** A portcullis: a gate of bars. Served so the browser never asks for a /favicon.ico that is not there. */
const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d232b"/>' +
  '<path d="M4 3v11M8 3v11M12 3v11M3 6h10M3 10h10" stroke="#e0a100" stroke-width="1.5"/></svg>';

const PAGE_CSP = [
  "default-src 'none'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self'",
  "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
].join("; ");

const COMMON = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

export interface PageAsset {
  body: string;
  headers: Record<string, string>;
}

/** Path → asset. A Map, so no path can reach an inherited property. */
export const PAGE_ASSETS: ReadonlyMap<string, PageAsset> = new Map([
  ["/", { body: PAGE_HTML, headers: { ...COMMON, "content-type": "text/html; charset=utf-8", "content-security-policy": PAGE_CSP } }],
  ["/app.js", { body: PAGE_SCRIPT, headers: { ...COMMON, "content-type": "text/javascript; charset=utf-8" } }],
  ["/app.css", { body: PAGE_STYLE, headers: { ...COMMON, "content-type": "text/css; charset=utf-8" } }],
  ["/favicon.svg", { body: FAVICON, headers: { ...COMMON, "content-type": "image/svg+xml", "content-security-policy": "default-src 'none'" } }],
]);
