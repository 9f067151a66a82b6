// Chromium: the page exposes the replay; the test calls it with page.evaluate. Browsers have no package
// resolution without an import map (which a strict CSP would block inline), so the built files are imported
// by URL — what a page that copies dist/ does.
import * as api from "/dist/index.js";
import { yamlSyntax } from "/dist/yaml.js";
import { replay } from "./replay.mjs";

window.portcullisReplay = async (cases) => ({ runtime: "chromium", results: await replay({ api, yamlSyntax }, cases) });
document.documentElement.dataset.ready = "true";
