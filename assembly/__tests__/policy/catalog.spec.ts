// The tool catalog's pieces that vectors reach only indirectly: tool_map
// globs, shell-named MCP tools, Codex argv arrays and apply_patch headers.
import { toolGlobMatch, isExecToolName, isJudgedExecArgument, timeoutInMs, ToolMap, toolNameWords } from "../../policy/tool-map";
import { patchFiles } from "../../policy/capabilities/file/file-patch";
import { urlsInText } from "../../policy/capabilities/web/web-rule";

describe("tool_map globs", () => {
  test("* and ? match; everything else is literal", () => {
    expect(toolGlobMatch("mcp__*__bash", "mcp__dev__bash")).toBe(true);
    expect(toolGlobMatch("mcp__*__bash", "mcp__dev__bash2")).toBe(false);
    expect(toolGlobMatch("mcp__*__bash", "mcp____bash")).toBe(true);
    expect(toolGlobMatch("run_?", "run_x")).toBe(true);
    expect(toolGlobMatch("run_?", "run_xy")).toBe(false);
    expect(toolGlobMatch("a*b*c", "aXbYbZc")).toBe(true);
    expect(toolGlobMatch("a*b*c", "aXbYbZ")).toBe(false);
  });
  test("exact entries win over globs, globs over built-ins", () => {
    const m = new ToolMap();
    m.addGlob("*_file", "data.export");
    m.add("read_file", "web.fetch");
    expect(m.resolve("read_file")).toBe("web.fetch");
    expect(m.resolve("write_file")).toBe("data.export");
    expect(m.resolve("Bash")).toBe("system.command.execute");
  });
});

describe("shell-named MCP tools", () => {
  test("well-known exec names in any case, - as _", () => {
    expect(isExecToolName("bash")).toBe(true);
    expect(isExecToolName("Run-Shell-Command")).toBe(true);
    expect(isExecToolName("execute_command")).toBe(true);
    expect(isExecToolName("create_issue")).toBe(false);
  });
  test("names MCP shell servers use", () => {
    expect(isExecToolName("shell_execute")).toBe(true);
    expect(isExecToolName("start_process")).toBe(true);
    expect(isExecToolName("Interact-With-Process")).toBe(true);
    expect(isExecToolName("ssh_exec")).toBe(true);
    expect(isExecToolName("read_process_output")).toBe(false);
  });
  test("names whose words say they run commands, in snake, kebab, dotted or camel case", () => {
    const shells = ["execute_shell_command", "execute_terminal_command", "run_terminal_command", "pods_exec", "exec_in_pod", "kubectl_exec",
      "runCommand", "executeCommand", "runShellCommand", "execCommand", "shellExecute", "bash_tool", "exec.command", "run_shell_cmd",
      "execute_powershell", "run_code", "execute_code", "run_python", "RunPythonScript", "terminal", "run-shell-command", "EXEC_COMMAND", "runHTTPCommand",
      // A looking verb first does not hide a later word that runs something.
      "get_and_exec_command", "list_then_run_shell", "show_exec", "read_and_execute_script", "stopAndRunCommand"];
    for (let i = 0; i < shells.length; i++) expect(isExecToolName(shells[i])).toBe(true, shells[i]);
    const others = ["create_issue", "list_notes", "search_code", "get_terminal_output", "list_commands", "kill_process", "run_tests", "execute_query",
      "commandeer_ship", "shellfish_menu", "start_server", "read_file", "CreatePullRequest", "get_command_history"];
    for (let i = 0; i < others.length; i++) expect(isExecToolName(others[i])).toBe(false, others[i]);
  });
  test("tool name words", () => {
    const w = toolNameWords("runHTTPCommand.v2-now");
    expect(w.join(",")).toBe("run,http,command,v2,now");
  });
  test("only the arguments the command rule reads, and explanations, pass", () => {
    expect(isJudgedExecArgument("command")).toBe(true);
    expect(isJudgedExecArgument("timeout_ms")).toBe(true);
    expect(isJudgedExecArgument("description")).toBe(true);
    expect(isJudgedExecArgument("stdin")).toBe(false);
    expect(isJudgedExecArgument("input")).toBe(false);
    expect(isJudgedExecArgument("command_line")).toBe(false);
    expect(isJudgedExecArgument("Command")).toBe(false);
  });
  test("timeouts in ms for Claude Code Bash only", () => {
    expect(timeoutInMs("Bash")).toBe(true);
    expect(timeoutInMs("bash")).toBe(false);
    expect(timeoutInMs("execute_bash")).toBe(false);
  });
});

describe("apply_patch headers", () => {
  test("every add, update, delete and move target", () => {
    const files = patchFiles("*** Begin Patch\n*** Add File: a.txt\n+x\n*** Update File: b.py\r\n*** Move to: c.py\n@@\n-a\n+*** Delete File: not-a-header\n  *** Delete File: d.md\n*** End Patch");
    expect(files!.join(",")).toBe("a.txt,b.py,c.py,d.md");
  });
  test("a header without a path is refused", () => {
    expect(patchFiles("*** Update File:   \n") == null).toBe(true);
  });
});

describe("URLs in a prompt", () => {
  test("every http(s) URL, any case, up to a blank or quote", () => {
    expect(urlsInText("see HTTPS://a.example/x and 'http://b.example/y' but not ftp://c or www.d.example").join(" "))
      .toBe("HTTPS://a.example/x http://b.example/y");
  });
});
