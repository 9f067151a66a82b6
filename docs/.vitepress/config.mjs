// The static docs site (VitePress), built from docs/ by `npm run docs:build` into docs/.vitepress/dist.
// Not deployed from this repository. VitePress fails the build on a dead internal link.
export default {
  title: "portcullis",
  description: "Judge every tool call an AI agent makes — before it runs.",
  cleanUrls: true,
  srcExclude: ["**/node_modules/**"],
  // openapi.yaml is a file beside the pages, not a page.
  ignoreDeadLinks: [/openapi\.yaml$/],
  themeConfig: {
    search: { provider: "local" },
    sidebar: [
      { text: "Start", items: [
        { text: "Overview", link: "/" },
        { text: "Getting started", link: "/getting-started" },
        { text: "Framework adapters", link: "/frameworks" },
        { text: "Migration", link: "/migration" },
      ] },
      { text: "Policies", items: [
        { text: "Passports", link: "/passports" },
        { text: "Configuration", link: "/configuration" },
        { text: "Limits", link: "/limits/" },
        { text: "Commands", link: "/limits/system-command-execute" },
        { text: "Shell analysis", link: "/shell-analysis" },
        { text: "Files", link: "/limits/data-file" },
        { text: "Web", link: "/limits/web" },
        { text: "MCP tools", link: "/limits/mcp-tool-execute" },
        { text: "Messaging", link: "/limits/messaging-send" },
        { text: "Payments", link: "/limits/payments" },
        { text: "Exports", link: "/limits/data-export" },
        { text: "Rate limits and usage", link: "/rate-limits" },
        { text: "Rolling out a policy", link: "/rollout" },
      ] },
      { text: "Approvals", items: [
        { text: "Ask a human", link: "/approvals" },
        { text: "HTTP API", link: "/http-api" },
        { text: "Stores", link: "/stores" },
      ] },
      { text: "Model output and tool results", items: [
        { text: "Safety stops", link: "/safety-stops" },
        { text: "Untrusted content", link: "/untrusted-content" },
      ] },
      { text: "Where it runs", items: [
        { text: "MCP proxy and adapter", link: "/mcp" },
        { text: "Coding-agent hooks", link: "/hooks" },
        { text: "CLI", link: "/cli" },
        { text: "Runtimes", link: "/runtimes" },
      ] },
      { text: "Reference", items: [
        { text: "Reason codes", link: "/reason-codes" },
        { text: "Security model", link: "/security" },
        { text: "Audit log, receipts, tracing", link: "/audit-and-receipts" },
        { text: "How it works", link: "/how-it-works" },
        { text: "Performance", link: "/performance" },
      ] },
    ],
  },
};
