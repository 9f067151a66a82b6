// docs/openapi.yaml describes the HTTP API `portcullis serve` answers: it has the shape of an OpenAPI 3.1
// document (every $ref resolves, every schema compiles as JSON Schema 2020-12), and its routes are exactly the
// routes the handler serves — checked against the handler itself, in-process.
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ApprovalGate, AllowlistProvider, createApprovalHandler } from "../dist/index.js";
import { createOpsHandler } from "../bindings/server/ops/ops-handler.ts";

const doc = parse(readFileSync(new URL("../docs/openapi.yaml", import.meta.url), "utf8"));
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Every `$ref` in the document, with where it is. */
function refs(node: unknown, at = "#"): Array<[string, string]> {
  if (Array.isArray(node)) return node.flatMap((item, i) => refs(item, `${at}/${i}`));
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) => (key === "$ref" ? [[at, value as string]] : refs(value, `${at}/${key}`)));
}
const resolve = (pointer: string) =>
  pointer.slice(2).split("/").reduce<any>((node, part) => node?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);

describe("docs/openapi.yaml", () => {
  it("has the shape of an OpenAPI 3.1 document", () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const ids = new Set<string>();
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      expect(path.startsWith("/"), path).toBe(true);
      for (const [key, op] of Object.entries<any>(item)) {
        if (key === "parameters" || key === "servers" || key === "summary" || key === "description") continue;
        expect(METHODS, `${path}: ${key}`).toContain(key);
        expect(Object.keys(op.responses ?? {}).length, `${path} ${key}: responses`).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses)) expect(status, `${path} ${key}`).toMatch(/^([1-5]\d\d|[1-5]XX|default)$/);
        expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
        ids.add(op.operationId);
        for (const param of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
          const p = param.$ref ? resolve(param.$ref) : param;
          if (p.in === "path") expect(path, `${path}: path parameter ${p.name}`).toContain(`{${p.name}}`);
        }
      }
      // Every {template} in the path has a path parameter.
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
        const params = [...(item.parameters ?? []), ...METHODS.flatMap((m) => item[m]?.parameters ?? [])].map((p: any) => (p.$ref ? resolve(p.$ref) : p));
        expect(params.some((p: any) => p.in === "path" && p.name === name && p.required === true), `${path}: {${name}}`).toBe(true);
      }
    }
  });

  it("resolves every $ref and compiles every schema", () => {
    for (const [at, ref] of refs(doc)) expect(resolve(ref), `${at}: ${ref}`).toBeDefined();
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: "openapi", components: doc.components });
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`openapi#/components/schemas/${name}`), name).not.toThrow();
    }
  });

  it("lists exactly the routes the approval handler serves", async () => {
    const gate = await ApprovalGate.create();
    const provider = await AllowlistProvider.create({ allowed_tools: ["bash"] });
    const tokens = [{ name: "dana", token: "approver-token-1234567890", role: "approver" as const }];
    const api = createApprovalHandler({ gate, guard: { provider }, tokens });
    // `portcullis serve` puts the operator routes (/healthz, /readyz, /metrics) in front of the API.
    const handler = createOpsHandler({ api, tokens, readiness: async () => ({ ready: true, checks: [] }) });
    const call = (method: string, path: string) =>
      handler(new Request(`http://127.0.0.1${path}`, {
        method: method.toUpperCase(),
        headers: { authorization: "Bearer approver-token-1234567890", "content-type": "application/json" },
        body: method === "post" ? JSON.stringify(path === "/api/evaluate" ? { tool_name: "bash", tool_input: {} } : {}) : undefined,
      }));
    const documented = Object.entries<any>(doc.paths).filter(([path]) => !path.startsWith("/hooks/"));
    for (const [path, item] of documented) {
      const concrete = path.replace("{id}", "act_unknown");
      for (const method of METHODS.filter((m) => item[m])) {
        const response = await call(method, concrete);
        const body = await response.text();
        // A documented route is served: never "no route", never 405; an unknown action id is its own 404.
        expect(body, `${method} ${path}`).not.toContain("no route");
        expect(response.status, `${method} ${path}`).not.toBe(405);
        expect(Object.keys(item[method].responses), `${method} ${path} answered ${response.status}`).toContain(String(response.status));
      }
      // Methods it does not document are refused.
      for (const method of ["put", "delete", "patch"].filter((m) => !item[m])) expect((await call(method, concrete)).status, `${method} ${path}`).toBe(405);
    }
    // Paths it does not document are not served.
    for (const path of ["/api", "/api/", "/api/evaluate/x", "/api/actions/act_1/cancel", "/index.html"]) {
      expect(doc.paths[path], path).toBeUndefined();
      expect((await call("get", path)).status, path).toBe(404);
    }
    // The page's assets (bindings/server/page.ts) and the resident hook route are all documented.
    const page = readFileSync(new URL("../bindings/server/page.ts", import.meta.url), "utf8");
    const assets = [...page.matchAll(/^\s*\["(\/[^"]*)", \{ body:/gm)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(doc.paths[asset]?.get, asset).toBeDefined();
    const resident = readFileSync(new URL("../bindings/hooks/resident.ts", import.meta.url), "utf8");
    expect(resident).toContain("/^\\/hooks\\/([a-z-]+)$/");
    expect(doc.paths["/hooks/{agent}"]?.post).toBeDefined();
  });
});
