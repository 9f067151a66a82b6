/**
 * @module
 * The agents `portcullis hook <agent>` speaks for.
 */

import type { HookAdapter } from "./adapter.ts";
import { claudeCode } from "./claude-code.ts";
import { codex } from "./codex.ts";
import { cursor } from "./cursor.ts";
import { geminiCli } from "./gemini-cli.ts";

export const HOOK_AGENTS: Record<string, HookAdapter> = {
  "claude-code": claudeCode,
  "gemini-cli": geminiCli,
  cursor,
  codex,
};

export type { HookAdapter, HookCall, HookReply } from "./adapter.ts";
export { selfProtectionAsk, protectedPlaces, type ProtectedScope } from "./self-protection.ts";
