// The replay every runtime runs (Node, Deno, Bun, workerd, Chromium): the shared vectors through the public API,
// one serialised result per vector, in order. Plain JS with no imports: each driver passes in the package's
// entries as its runtime resolves them (`api` = "portcullis", `yamlSyntax` from "portcullis/yaml").
//
// cases = {                                   (built by cases.ts)
//   files:    { "core-passport.json": text, ... }      test/vectors/policies/
//   policies: [{ policy, now, usage, vectors: [{ request } | { raw }] }],   usage: counters or null
//   safety:   [{ config, input }],
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

export async function replay({ api, yamlSyntax }, cases) {
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
  for (const { config, input } of cases.safety) {
    const key = JSON.stringify(config ?? null);
    if (!cores.has(key)) cores.set(key, api.createSafetyCore(config ?? null));
    out.push(JSON.stringify(api.applySafetyStop(input, { core: cores.get(key) })));
  }
  return out;
}
