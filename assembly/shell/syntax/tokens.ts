// Byte values, token kinds, word/command flags and limits of the shell parser.
// Names follow mvdan/sh where it has one (STYLE.md §5).

/** Byte values the lexer dispatches on. */
export const enum Ch {
  EOF = 0,
  TAB = 0x09,
  NL = 0x0a,
  CR = 0x0d,
  SPACE = 0x20,
  BANG = 0x21,
  DQUOTE = 0x22,
  HASH = 0x23,
  DOLLAR = 0x24,
  PERCENT = 0x25,
  AMP = 0x26,
  SQUOTE = 0x27,
  LPAREN = 0x28,
  RPAREN = 0x29,
  STAR = 0x2a,
  PLUS = 0x2b,
  COMMA = 0x2c,
  MINUS = 0x2d,
  DOT = 0x2e,
  SLASH = 0x2f,
  ZERO = 0x30,
  NINE = 0x39,
  COLON = 0x3a,
  SEMI = 0x3b,
  LT = 0x3c,
  EQ = 0x3d,
  GT = 0x3e,
  QUESTION = 0x3f,
  AT = 0x40,
  LBRACKET = 0x5b,
  BACKSLASH = 0x5c,
  RBRACKET = 0x5d,
  CARET = 0x5e,
  UNDERSCORE = 0x5f,
  BACKTICK = 0x60,
  LBRACE = 0x7b,
  PIPE = 0x7c,
  RBRACE = 0x7d,
  TILDE = 0x7e,
}

/**
 * Per-byte attribute of an expanded word (parallel to its text): whether the
 * byte was an unquoted literal (globs, braces and `~` are live), a quoted or
 * escaped literal, or the source text of a run-time expansion (`$X`, `$(…)`).
 */
export const enum Attr {
  UNQUOTED = 0,
  QUOTED = 1,
  EXPANSION = 2,
}

/** Word kinds (low 4 bits of a word's info). */
export const enum WordKind {
  ARG = 1,          // an argv word of a simple command
  ASSIGN = 2,       // NAME=value before the command name
  REDIR = 3,        // a redirection target; aux holds op | (fd + 1) << 8
  HEREDOC_BODY = 4, // a here-document body, linked from its REDIR word's aux2
  ENV_NAME = 5,     // a variable the script sets (for/select/read/${X:=}), for blocked_env_vars
  OTHER = 6,        // case subjects and patterns, [[ ]] operands: parsed, never run
}

/** Word flags (bits above the kind). */
export namespace WordFlag {
  export const DYNAMIC: i32 = 1 << 4;  // contains a run-time expansion
  export const GLOB: i32 = 1 << 5;     // unquoted * ? or [..]
  export const BRACE: i32 = 1 << 6;    // unquoted {a,b} or {a..b}
  export const TILDE: i32 = 1 << 7;    // leading unquoted ~
  export const QUOTED: i32 = 1 << 8;   // some part was quoted or escaped
  export const SUBST: i32 = 1 << 9;    // contains $( ), ` `, <( ) or >( )
  export const SPLITS: i32 = 1 << 10;  // an unquoted run-time expansion: its value is split into fields and globbed
  export const KIND_MASK: i32 = 15;
}

/** Redirection operators. */
export const enum Redir {
  IN = 1,          // <
  OUT = 2,         // >
  APPEND = 3,      // >>
  CLOBBER = 4,     // >|
  READ_WRITE = 5,  // <>
  DUP_IN = 6,      // <&
  DUP_OUT = 7,     // >&
  ALL_OUT = 8,     // &>
  ALL_APPEND = 9,  // &>>
  HEREDOC = 10,    // <<
  HEREDOC_TABS = 11, // <<-
  HERESTRING = 12, // <<<
}

/**
 * Does redirection `op` (Redir) open a file for writing (`>`, `>>`, `>|`, `<>`, `&>`, `&>>`)? `>&` is not here: its
 * target may be a descriptor, which its callers tell apart.
 */
// @ts-ignore: decorator
@inline export function writesFile(op: i32): bool {
  return op == Redir.OUT || op == Redir.APPEND || op == Redir.CLOBBER || op == Redir.ALL_OUT ||
    op == Redir.ALL_APPEND || op == Redir.READ_WRITE;
}

/** Reserved words, recognised only in command position. */
export const enum Keyword {
  NONE = 0,
  IF, THEN, ELSE, ELIF, FI, DO, DONE, CASE, ESAC, WHILE, UNTIL, FOR, SELECT, IN,
  FUNCTION, TIME, LBRACE, RBRACE, BANG, DBRACKET, COPROC,
}

/** How a command is reached from its host command (the command whose word contains it). */
export const enum Subst {
  NONE = 0,
  COMMAND = 1,   // $( ) or backticks
  PROC_IN = 2,   // <( )
  PROC_OUT = 3,  // >( )
  PAYLOAD = 4,   // sh -c '…', eval, trap, heredoc fed to a shell, …
}

/** Command flags. */
export namespace CmdFlag {
  export const ASYNC: i32 = 1;      // in a list ended by &
  export const FUNCDEF: i32 = 2;    // `name()` header: not a simple command
  export const COMPOUND: i32 = 4;   // redirections of a compound command
  export const IN_LOOP: i32 = 8;    // inside a while/until/for/select (condition or body): may run many times
  // The first command of a pipeline after `&&` whose previous pipeline is one simple command, not `!`-inverted:
  // it runs only when that command succeeded (`cd a && cd ..`).
  export const AFTER_AND_SIMPLE: i32 = 16;
}

/** Parse error classes (the first error wins, STYLE.md §5). */
export const enum ParseError {
  NONE = 0,
  SYNTAX = 1,       // unterminated quote, unexpected token, …
  TOO_DEEP = 2,     // nesting or payload depth limit
  UNSUPPORTED = 3,  // a construct we will not model (${x@P}, …)
}

/** Limits. */
export const MAX_INPUT: i32 = 65536;      // bytes of tool_input.command
export const MAX_NESTING: i32 = 40;       // ( { $( `…` if … nesting in one source
export const MAX_PAYLOAD_DEPTH: i32 = 6;  // sh -c 'sh -c "…"' / eval levels
export const MAX_BRACE_ALTERNATIVES: i32 = 64;
