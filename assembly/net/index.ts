// URL, host and IP parsing used by web.fetch / web.browser (and MCP server URLs).
export * from "./ipv4";
export * from "./ipv6";
export * from "./host";
export * from "./private";
export * from "./url";
