/**
 * Warnings for a passport whose file and web scopes bind commands (data.file.read, data.file.write or
 * web.fetch limits beside system.command.execute) while allowed_commands holds a program that runs code
 * the scopes cannot see: an interpreter, a build tool or a package runner. Those runs are allowed as the
 * command rule reads them unless `unbound_programs` is "ask" or "deny".
 */

const UNBOUND = new Set([
  "node", "nodejs", "deno", "bun", "python", "python2", "python3", "perl", "ruby", "php", "lua", "tsx", "ts-node",
  "make", "gmake", "npx", "pnpx", "bunx", "npm", "pnpm", "yarn", "sh", "bash", "dash", "zsh", "ksh", ".", "source",
  "go", "cargo", "pypy", "pypy3", "ipython", "java", "pytest", "py.test", "tox", "nox", "pip", "pip3", "pipx", "uv",
  "uvx", "poetry", "pipenv", "conda", "jest", "vitest", "mocha", "rspec", "rake", "bundle", "mvn", "gradle", "cmake",
  "bazel", "webpack", "vite", "eslint", "prettier", "vim", "nvim", "emacs",
]);
const SCOPES = ["data.file.read", "data.file.write", "web.fetch"];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** One warning per allowed interpreter, or none. */
export function scopeWarnings(passport: Record<string, unknown>): string[] {
  const limits = passport.limits;
  if (!isObject(limits)) return [];
  const command = limits["system.command.execute"];
  if (!isObject(command) || command.bind_scopes === false) return [];
  if (command.unbound_programs === "deny") return [];
  const scopes = SCOPES.filter((s) => isObject(limits[s]));
  if (scopes.length === 0) return [];
  const allowed = Array.isArray(command.allowed_commands) ? command.allowed_commands : [];
  const names = new Set<string>();
  for (const entry of allowed) {
    if (typeof entry !== "string") continue;
    const first = entry.trim().replace(/^=/, "").trim().split(/\s+/)[0] ?? "";
    const name = first === "*" ? "*" : first.slice(first.lastIndexOf("/") + 1).toLowerCase();
    if (name === "*" || UNBOUND.has(name)) names.add(name);
  }
  const how = command.unbound_programs === "ask" ? "its runs ask a human (unbound_programs: ask)" : "set unbound_programs to 'ask' or 'deny' to stop its runs";
  return [...names].map((name) =>
    name === "*"
      ? `allowed_commands allows every program, and interpreters among them can run any code; the ${scopes.join(", ")} scopes cannot bind them`
      : `${name} can run any code; the ${scopes.join(", ")} scopes cannot bind it (${how})`,
  );
}
