import { ToolMap, isCapabilityId, isMcpToolName, packFor } from "../../policy/tool-map";

describe("ToolMap", () => {
  test("maps DeerFlow, Claude Code and OpenClaw names exactly", () => {
    const map = new ToolMap();
    expect(map.resolve("bash")).toBe("system.command.execute");
    expect(map.resolve("Bash")).toBe("system.command.execute");
    expect(map.resolve("exec")).toBe("system.command.execute");
    expect(map.resolve("read_file")).toBe("data.file.read");
    expect(map.resolve("Edit")).toBe("data.file.write");
    expect(map.resolve("web_fetch")).toBe("web.fetch");
    expect(map.resolve("browser")).toBe("web.browser");
  });
  test("never maps by prefix or substring (APort's misroutes)", () => {
    const map = new ToolMap();
    expect(map.resolve("process_refund")).toBeNull();
    expect(map.resolve("lsof_tool")).toBeNull();
    expect(map.resolve("editor_notes")).toBeNull();
    expect(map.resolve("bash ")).toBeNull();
    expect(map.resolve("BASH")).toBeNull();
    expect(map.resolve("powershell")).toBeNull();
    expect(map.resolve("")).toBeNull();
  });
  test("user entries win over built-ins", () => {
    const map = new ToolMap();
    map.add("bash", "data.file.read");
    map.add("run", "system.command.execute");
    expect(map.resolve("bash")).toBe("data.file.read");
    expect(map.resolve("run")).toBe("system.command.execute");
  });
  test("recognises MCP tool names and nothing looser", () => {
    expect(isMcpToolName("mcp__github__create_issue")).toBe(true);
    expect(isMcpToolName("mcp.github.create_issue")).toBe(true);
    expect(isMcpToolName("mcp__github")).toBe(false);
    expect(isMcpToolName("mcp____x")).toBe(false);
    expect(isMcpToolName("mcp__github__")).toBe(false);
    expect(isMcpToolName("mcpx__a__b")).toBe(false);
    expect(new ToolMap().resolve("mcp__fs__read")).toBe("mcp.tool.execute");
  });
  test("validates capability ids", () => {
    expect(isCapabilityId("system.command.execute")).toBe(true);
    expect(isCapabilityId("data.export")).toBe(true);
    expect(isCapabilityId("System.Command")).toBe(false);
    expect(isCapabilityId("a..b")).toBe(false);
    expect(isCapabilityId(".a")).toBe(false);
    expect(isCapabilityId("a.")).toBe(false);
    expect(isCapabilityId("")).toBe(false);
  });
  test("names the governing pack", () => {
    expect(packFor("system.command.execute")).toBe("system.command.execute.v1");
    expect(packFor("messaging.message.send")).toBe("messaging.message.send.v1");
    expect(packFor("custom.thing")).toBe("");
  });
});
