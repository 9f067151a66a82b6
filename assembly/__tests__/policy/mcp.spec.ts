// mcp.tool.execute through checkMcp and the server canonicalisation of
// mcp-server.ts: every rule, its order, and the attacks on each.
import { McpLimits, McpInput, checkMcp } from "../../policy/capabilities/mcp/mcp";
import { ServerId, ServerKind, readServer, serverMatches } from "../../policy/capabilities/mcp/mcp-server";
import { splitMcpToolName } from "../../policy/tool-map";
import { Code, Verdict } from "../../policy/verdict";

let last = new Verdict();

function limits(servers: Array<string> | null, tools: Array<string> | null = null, prefixes: Array<string> | null = null, blocked: Array<string> = []): McpLimits {
  const l = new McpLimits();
  l.allowedServers = servers;
  l.allowedTools = tools;
  l.allowedToolPrefixes = prefixes;
  l.blockedTools = blocked;
  expect(l.compile()).toBe("");
  return l;
}

function run(l: McpLimits, server: string, tool: string, fromName: bool = false, timeout: f64 = NaN, bytes: i32 = 2): string {
  const i = new McpInput();
  i.server = server;
  i.tool = tool;
  i.fromName = fromName;
  i.timeout = timeout;
  i.parameterBytes = bytes;
  last = new Verdict();
  if (checkMcp(l, i, last)) return "allow";
  expect(last.message.length).toBeGreaterThan(0);
  return last.code;
}

function canonical(text: string): string {
  const id = new ServerId();
  if (!readServer(text, false, id)) return "error: " + id.error;
  return id.display();
}

describe("server canonicalisation", () => {
  test("scheme, host case, default port, one trailing slash", () => {
    expect(canonical("HTTPS://MCP.Example.COM:443/Team/")).toBe("https://mcp.example.com/Team");
    expect(canonical("http://example.com:80")).toBe("http://example.com/");
    expect(canonical("http://example.com:8080/")).toBe("http://example.com:8080/");
    expect(canonical("http://2130706433:3000/x")).toBe("http://127.0.0.1:3000/x");
    expect(canonical("http://[0:0:0:0:0:0:0:1]/")).toBe("http://[::1]/");
    expect(canonical("https://h/a?q=1#f")).toBe("https://h/a");
  });
  test("ambiguous paths and authorities are errors", () => {
    expect(canonical("https://h/a/../b").startsWith("error")).toBe(true);
    expect(canonical("https://h/./a").startsWith("error")).toBe(true);
    expect(canonical("https://h/a//b").startsWith("error")).toBe(true);
    expect(canonical("https://h/a%2Fb").startsWith("error")).toBe(true);
    expect(canonical("https://h/a%2e%2e").startsWith("error")).toBe(true);
    expect(canonical("https://h/a%5Cb").startsWith("error")).toBe(true);
    expect(canonical("https://u@h/").startsWith("error")).toBe(true);
    expect(canonical("https://h\\@e/").startsWith("error")).toBe(true);
    expect(canonical("ws://h/").startsWith("error")).toBe(true);
  });
  test("backslashes, `..;` and encodings a server may decode are errors", () => {
    expect(canonical("https://h/team-a/x\\..\\..\\team-b")).toBe("error: has a '.' or '..' path segment");
    expect(canonical("https://h/team-a/..\\team-b")).toBe("error: has a '.' or '..' path segment");
    expect(canonical("https://h/team-a\\sse").startsWith("error: has a backslash")).toBe(true);
    expect(canonical("https://h/team-a/..;/team-b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/.;x/b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%252e%252e/team-b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%25252e%25252e/team-b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%25%32%65%25%32%65/b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%c0%ae%c0%ae/b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%u002e%u002e/b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%2").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/..%3b/b").startsWith("error")).toBe(true);
    expect(canonical("https://h/team-a/%00").startsWith("error")).toBe(true);
  });
  test("ordinary escapes, dots inside names and parameters stay allowed", () => {
    expect(canonical("https://h/team-a/my%20tool")).toBe("https://h/team-a/my%20tool");
    expect(canonical("https://h/team-a/v1.2/...x")).toBe("https://h/team-a/v1.2/...x");
    expect(canonical("https://h/team-a/sse;v=1")).toBe("https://h/team-a/sse;v=1");
  });
  test("names are names: never URLs, only [A-Za-z0-9._-]", () => {
    const id = new ServerId();
    expect(readServer("github", false, id)).toBe(true);
    expect(id.kind).toBe(ServerKind.Name);
    expect(readServer("https://h/", false, id, true)).toBe(false);
    expect(readServer("git hub", false, id)).toBe(false);
    expect(readServer("", false, id)).toBe(false);
  });
  test("an entry's path admits itself and what is below it, on whole segments", () => {
    const e = new ServerId();
    readServer("https://h/team-a", true, e);
    const r = new ServerId();
    readServer("https://h/team-a/sse", false, r);
    expect(serverMatches(e, r)).toBe(true);
    readServer("https://h/team-ab", false, r);
    expect(serverMatches(e, r)).toBe(false);
    readServer("https://h/", false, r);
    expect(serverMatches(e, r)).toBe(false);
  });
  test("entries refuse a query or fragment", () => {
    const l = new McpLimits();
    l.allowedServers = ["https://h/?x=1"];
    expect((l.compile()).includes("query or fragment")).toBe(true);
  });
});

const L = limits(["github", "https://mcp.example.com/team-a", "http://localhost:3000"], ["create_issue"], ["read", "list_"], ["delete_repo"]);

describe("checkMcp", () => {
  test("servers: names, URLs, and never one for the other", () => {
    expect(run(L, "github", "create_issue", true)).toBe("allow");
    expect(run(L, "gitlab", "create_issue", true)).toBe(Code.SERVER_NOT_ALLOWED);
    expect(run(L, "https://mcp.example.com/team-a", "create_issue", true)).toBe(Code.INVALID_TOOL_NAME);
    expect(run(L, "https://mcp.example.com/team-a/x", "create_issue")).toBe("allow");
    expect(run(L, "mcp.example.com", "create_issue")).toBe(Code.SERVER_NOT_ALLOWED);
    expect(run(L, "http://localhost:3000/", "create_issue")).toBe("allow");
    expect(run(L, "http://169.254.169.254/", "create_issue")).toBe(Code.PRIVATE_IP_BLOCKED);
  });
  test("'*' admits names and public URLs; private URLs must be listed", () => {
    const star = limits(["*"]);
    expect(run(star, "anything", "x", true)).toBe("allow");
    expect(run(star, "https://public.example/mcp", "x")).toBe("allow");
    expect(run(star, "http://127.0.0.1/", "x")).toBe(Code.PRIVATE_IP_BLOCKED);
    expect(run(star, "http://10.1.2.3/", "x")).toBe(Code.PRIVATE_IP_BLOCKED);
  });
  test("missing or empty allowed_servers allows no server", () => {
    expect(run(limits(null), "github", "x", true)).toBe(Code.SERVER_NOT_ALLOWED);
    expect(run(limits([]), "github", "x", true)).toBe(Code.SERVER_NOT_ALLOWED);
  });
  test("tools: exact, prefixes on a name boundary, blocked case-insensitively and first", () => {
    expect(run(L, "github", "read", true)).toBe("allow");
    expect(run(L, "github", "read_file", true)).toBe("allow");
    expect(run(L, "github", "read.x", true)).toBe("allow");
    expect(run(L, "github", "readonly", true)).toBe(Code.TOOL_NOT_ALLOWED);
    expect(run(L, "github", "list_dir", true)).toBe("allow");
    expect(run(L, "github", "listing", true)).toBe(Code.TOOL_NOT_ALLOWED);
    expect(run(L, "github", "Create_issue", true)).toBe(Code.TOOL_NOT_ALLOWED);
    expect(run(L, "github", "Delete_Repo", true)).toBe(Code.TOOL_NOT_ALLOWED);
    expect((last.message).includes("blocked_tools")).toBe(true);
    expect(run(L, "github", "read file", true)).toBe(Code.INVALID_TOOL_NAME);
  });
  test("'__' namespaces tools: no prefix admits across it, blocked names match after it", () => {
    expect(run(L, "github", "read__write_all")).toBe(Code.TOOL_NOT_ALLOWED);
    expect(last.message.includes("never admits across '__'")).toBe(true);
    expect(run(L, "github", "list__drop")).toBe(Code.TOOL_NOT_ALLOWED);
    expect(run(L, "github", "read__delete_repo")).toBe(Code.TOOL_NOT_ALLOWED);
    expect(last.message.includes("after '__'")).toBe(true);
    expect(run(L, "github", "x___DELETE_REPO")).toBe(Code.TOOL_NOT_ALLOWED);
    expect(last.message.includes("after '__'")).toBe(true);
    // A prefix that holds the '__' itself says so; an exact entry is exact.
    expect(run(limits(["github"], null, ["read__"]), "github", "read__x")).toBe("allow");
    expect(run(limits(["github"], ["read__x"]), "github", "read__x")).toBe("allow");
    expect(run(limits(["github"], null, ["read__"]), "github", "read__x__y")).toBe(Code.TOOL_NOT_ALLOWED);
  });
  test("no tool lists: any tool of an allowed server", () => {
    expect(run(limits(["github"]), "github", "anything", true)).toBe("allow");
  });
  test("timeout and parameter size", () => {
    const l = limits(["github"]);
    l.maxTimeout = 30;
    l.maxParameterSize = 10;
    expect(run(l, "github", "t", false, 30)).toBe("allow");
    expect(run(l, "github", "t", false, 30.5)).toBe(Code.TIMEOUT_EXCEEDED);
    expect(run(l, "github", "t", false, NaN, 10)).toBe("allow");
    expect(run(l, "github", "t", false, NaN, 11)).toBe(Code.PARAMETER_SIZE_EXCEEDED);
  });
  test("order: server before tool before size", () => {
    const l = limits(["github"], ["x"]);
    l.maxParameterSize = 0;
    expect(run(l, "gitlab", "y", true, NaN, 100)).toBe(Code.SERVER_NOT_ALLOWED);
    expect(run(l, "github", "y", true, NaN, 100)).toBe(Code.TOOL_NOT_ALLOWED);
    expect(run(l, "github", "x", true, NaN, 100)).toBe(Code.PARAMETER_SIZE_EXCEEDED);
  });
  test("invalid entries are compile errors, not silent never-matches", () => {
    const l = new McpLimits();
    l.allowedServers = ["git hub"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedServers = ["ftp://h/"];
    expect(l.compile().length).toBeGreaterThan(0);
    l.allowedServers = ["github"];
    l.allowedToolPrefixes = ["re ad"];
    expect(l.compile().length).toBeGreaterThan(0);
  });
});

describe("MCP tool names", () => {
  test("split at the first separator; more than one separator is ambiguous", () => {
    const a = splitMcpToolName("mcp__github__create__issue")!;
    expect(a.server).toBe("github");
    expect(a.tool).toBe("create__issue");
    expect(a.ambiguous).toBe(true);
    expect(a.otherServer).toBe("github__create");
    expect(a.otherTool).toBe("issue");
    const b = splitMcpToolName("mcp.github.issues.create")!;
    expect(b.server).toBe("github");
    expect(b.tool).toBe("issues.create");
    expect(b.ambiguous).toBe(true);
    const c = splitMcpToolName("mcp__github___x")!;
    expect(c.ambiguous).toBe(true);
    expect(c.otherServer).toBe("github_");
    const d = splitMcpToolName("mcp__claude_ai_Gmail__search_threads")!;
    expect(d.ambiguous).toBe(false);
    expect(d.server).toBe("claude_ai_Gmail");
    expect(d.tool).toBe("search_threads");
    expect(splitMcpToolName("mcp.github.create_issue")!.ambiguous).toBe(false);
    expect(splitMcpToolName("mcp__github__") == null).toBe(true);
    expect(splitMcpToolName("mcp____tool") == null).toBe(true);
    expect(splitMcpToolName("mcp_github_tool") == null).toBe(true);
  });
});
