// The replay every runtime runs (Node, Deno, Bun, workerd, Chromium): the shared vectors through the public API,
// one serialised result per vector, in order. Plain JS with no imports: each driver passes in the package's
// entries as its runtime resolves them (`api` = "portcullis", `yamlSyntax` from "portcullis/yaml", `sanitizer` =
// "portcullis/sanitize").
//
// cases = {                                   (built by cases.ts)
//   files:    { "core-passport.json": text, ... }      test/vectors/policies/
//   policies: [{ policy, now, usage, vectors: [{ request } | { raw }] }],   usage: counters or null
//   safety:   [{ config, input, shape? }],
//   sanitize: [{ input, options, fenceId }],            fenceId: what the injected fence-id source returns, or null
// }

/** Config files named by path (`passport: ./x.json`) come from `files`; anything else is an error, as on disk. */
function hostFor(files) {
  return {
    readFile(path) {
      const name = path.replace(/^\.\//, "");
      if (!Object.hasOwn(files, name)) throw new Error(`no such file: ${path}`);
      return { file: name, text: files[name] };
    },
  };
}

export async function replay({ api, yamlSyntax, sanitizer }, cases) {
  const out = [];
  const host = hostFor(cases.files);
  for (const group of cases.policies) {
    const syntax = /\.ya?ml$/.test(group.policy) ? yamlSyntax : api.jsonSyntax;
    const { guard } = await api.loadGuardFromText(cases.files[group.policy], {
      file: group.policy,
      syntax,
      host,
      clock: () => group.now,
      usage: new api.StaticUsageStore(group.usage ?? {}),
    });
    for (const vector of group.vectors) {
      // Raw lines are bytes the agent sent, not an object: they go through the provider's JSON path.
      const decision = "raw" in vector ? guard.provider.evaluateJsonSync(vector.raw) : await guard.evaluate(vector.request);
      out.push(JSON.stringify(decision));
    }
  }
  const cores = new Map();
  for (const { config, input, shape } of cases.safety) {
    const key = JSON.stringify(config ?? null);
    if (!cores.has(key)) cores.set(key, api.createSafetyCore(config ?? null));
    out.push(JSON.stringify(api.applySafetyStop(input, { core: cores.get(key), ...(shape ? { shape } : {}) })));
  }
  out.push(...(await replaySanitize(sanitizer, cases.sanitize)));
  return out;
}

/**
 * Each sanitizer vector twice: through a sanitizer whose fence ids come from the vector (createSanitizer), and
 * through the shared one behind `sanitize()`, whose random id is masked. Compiled asynchronously first, as a
 * browser's main thread requires.
 */
async function replaySanitize(sanitizer, vectors) {
  let id = "";
  const fixed = await sanitizer.createSanitizer({ fenceId: () => id });
  await sanitizer.sharedSanitizer();
  return vectors.map(({ input, options, fenceId }) => {
    id = fenceId ?? "";
    const shared = sanitizer.sanitize(input, options);
    return JSON.stringify({ fixed: fixed.sanitize(input, options), shared: maskFenceId(shared) });
  });
}

/**
 * The result with its fence id masked: a placeholder in both markers and in `fenceId`, and `outputBytes` counted
 * without the id's two copies (ids are ASCII hex; a vector's fixed id may be shorter than a random one).
 */
export function maskFenceId(result) {
  const id = result.fenceId;
  if (id === undefined) return result;
  const text = result.text.split(`id="${id}"`).join('id="<fence-id>"');
  return { ...result, text, report: { ...result.report, outputBytes: result.report.outputBytes - 2 * id.length }, fenceId: "<fence-id>" };
}
