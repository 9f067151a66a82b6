// Cursor: the workspace root comes from the event's workspace_roots, never from the terminal's directory, which
// follows the agent's `cd`s; that directory is the command's working directory, judged inside the root.
import { describe, expect, it } from "vitest";
import "../index.ts"; // provides the inlined release wasm
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadGuard } from "../config/load-guard.ts";
import { cursor } from "./cursor.ts";

const shell = (command: string, cwd: string, roots: unknown = ["/workspace"]) =>
  ({ conversation_id: "c", generation_id: "g", hook_event_name: "beforeShellExecution", workspace_roots: roots, command, cwd });

describe("Cursor workspace root", () => {
  it("is workspace_roots[0]; the terminal's directory is tool_input.cwd", () => {
    const call = cursor.toCall(shell("cat .bash_history", "/root"));
    expect(call.request.context).toMatchObject({ workspace_root: "/workspace" });
    expect(call.request.tool_input).toEqual({ command: "cat .bash_history", cwd: "/root" });
    expect(call.roots).toEqual(["/workspace"]);
    expect(() => cursor.toCall(shell("ls", "/workspace", "/workspace"))).toThrow(/workspace_roots/);
    expect(() => cursor.toCall(shell("ls", "/workspace", ["relative"]))).toThrow(/workspace_roots/);
  });

  it("a read after `cd /root` in an earlier call is judged as a read in /root", async () => {
    const policy = join(mkdtempSync(join(tmpdir(), "pc-cursor-")), "settings.json");
    writeFileSync(policy, JSON.stringify({ permissions: { defaultMode: "dontAsk", allow: ["Bash(cat:*)", "Bash(cd:*)"] } }));
    const { guard } = await loadGuard(policy);
    const decide = async (command: string, cwd: string) => (await guard.evaluate(cursor.toCall(shell(command, cwd)).request)).decision;
    expect(await decide("cat .bash_history", "/root")).toBe("deny");
    expect(await decide("cd /root; cat .bash_history", "/workspace")).toBe("deny");
    expect(await decide("cat /etc/passwd", "/")).toBe("deny");
    // Benign twins.
    expect(await decide("cat README.md", "/workspace")).toBe("allow");
    expect(await decide("cat index.js", "/workspace/src")).toBe("allow");
  });
});
