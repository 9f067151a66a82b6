// system.command.execute: its limits, the check (check-command.ts runs one step per file) and the rule that
// reads its block from a passport (command-rule.ts).
export { checkCommand } from "./check-command";
export { CommandInput, CommandLimits } from "./limits";
export { COMMAND_KEYS, CommandRule } from "./command-rule";
export { globMayHitBlocked, treeHit } from "./scope-trees";
