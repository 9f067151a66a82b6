// system.command.execute limits as the passport states them, compiled once at policy load, and one call's
// input (the command bytes and what the tool says about where and how long it runs).

import { Bytes, utf8 } from "../../../util/bytes";
import { canonicalizePath } from "../../../util/path";
import { AllowList, BlockedPattern, compileAllowEntry, compilePattern } from "../../../shell";
import { CommandScopes } from "./command-scopes";

export class CommandLimits {
  allowedCommands: Array<string> | null = null;
  blockedPatterns: Array<string> = [];
  builtinChecks: bool = true;
  /** Builtins that only change the shell's state need listing too (APort's strict reading); shell/interp/state-builtins.ts. */
  requireListedBuiltins: bool = false;
  maxExecutionTime: f64 = NaN;
  allowedWorkingDirectories: Array<string> | null = null;
  blockedEnvVars: Array<string> = [];
  /** The passport's file and web scopes, which bind what commands do too (command-scopes.ts). */
  scopes: CommandScopes = new CommandScopes();

  // Compiled by compile().
  allowAny: bool = false;
  allow: AllowList = new AllowList();
  patterns: Array<BlockedPattern> = [];
  dirs: Array<Bytes> = [];         // canonical absolute entries
  dirsRaw: Array<string> = [];     // `~…` or relative entries, resolved per call
  envBlocked: Array<Bytes> = [];
  compiled: bool = false;

  /** Precompute matchers; returns "" or a human-readable error. Called once at policy load. */
  compile(): string {
    this.allowAny = false;
    this.allow = new AllowList();
    const list = this.allowedCommands;
    if (list !== null) {
      for (let i = 0; i < list.length; i++) {
        const e = list[i].trim();
        if (e.length == 0) return "allowed_commands[" + i.toString() + "] is empty";
        if (e == "*") { this.allowAny = true; continue; }
        if (e.startsWith("=") && e.slice(1).trim().length == 0) return "allowed_commands[" + i.toString() + "] is empty";
        this.allow.add(compileAllowEntry(e));
      }
    }
    this.patterns = [];
    for (let i = 0; i < this.blockedPatterns.length; i++) {
      const compiled = compilePattern(this.blockedPatterns[i]);
      const p = compiled.pattern;
      if (p === null) return "blocked_patterns[" + i.toString() + "]: " + compiled.error;
      this.patterns.push(p);
    }
    if (!(this.maxExecutionTime != this.maxExecutionTime) && !(this.maxExecutionTime > 0)) {
      return "max_execution_time must be a positive number of seconds";
    }
    this.dirs = [];
    this.dirsRaw = [];
    const dirs = this.allowedWorkingDirectories;
    if (dirs !== null) {
      for (let i = 0; i < dirs.length; i++) {
        const d = dirs[i];
        if (d.length == 0) return "allowed_working_directories[" + i.toString() + "] is empty";
        if (d.startsWith("/")) {
          const c = canonicalizePath(d, "/", "");
          if (c === null) return "allowed_working_directories[" + i.toString() + "] is not a valid path";
          this.dirs.push(utf8(c));
        } else {
          this.dirsRaw.push(d);
        }
      }
    }
    this.envBlocked = [];
    for (let i = 0; i < this.blockedEnvVars.length; i++) {
      const v = this.blockedEnvVars[i].trim();
      if (v.length == 0) return "blocked_env_vars[" + i.toString() + "] is empty";
      this.envBlocked.push(utf8(v));
    }
    this.compiled = true;
    return "";
  }
}

/** Forms of a stated timeout: `timeout` in seconds, `timeout` in ms (Claude Code's Bash), `timeout_ms`. */
export const TIMEOUT_UNSTATED: u8 = 0;
export const TIMEOUT_SECONDS: u8 = 1;
export const TIMEOUT_IN_MS: u8 = 2;
export const TIMEOUT_MS_KEY: u8 = 3;

export class CommandInput {
  commandPtr: usize = 0;
  commandLen: i32 = 0;
  /** The caller vouches that the command is valid UTF-8 without NUL (RequestView.plainBytes): the byte check is skipped. */
  knownUtf8WithoutNul: bool = false;
  /** The stated timeout in seconds (NaN: none stated). */
  timeout: f64 = NaN;
  /** How it was stated (TIMEOUT_*) and the number as given: the refusal's text is built only when one is made. */
  timeoutForm: u8 = TIMEOUT_UNSTATED;
  timeoutGiven: f64 = NaN;
  /** The call asks to run in the background (Claude Code `run_in_background`). */
  background: bool = false;
  cwd: string | null = null;
  workspaceRoot: string = "";
  home: string = "";
  envKeys: Array<string> = [];
}
