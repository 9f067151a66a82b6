// The bench's JS baseline: the sanitizer's layers written the way a JS port would write them —
// one regex pass per layer over a JS string, NFC from String.prototype.normalize (the host's ICU),
// OpenClaw's marker folding and DeerFlow's tag regex. Same order as the wasm core; no length cap
// (the bench runs ours with maxLength 0 too). Not shipped, not a reference for correctness.

const EMOJI = /[\p{Emoji}\p{Extended_Pictographic}]/u;
const isEmoji = (c) => c !== undefined && c.codePointAt(0) >= 0x80 && EMOJI.test(c);
const JOINER_SCRIPTS = /[\p{scx=Arab}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Syrc}\p{scx=Mong}]/u;
const isJoining = (c) => c !== undefined && /[\p{L}\p{M}]/u.test(c) && JOINER_SCRIPTS.test(c);

// Layer 1: default-ignorables except tags (layer 6), with the keep rules for real text.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}--[\u{E0000}-\u{E007F}]]/gv;
// Layer 2.
const NEWLINES = /\r\n?|[\u2028\u2029]/g;
const CONTROLS = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/g;
// Layer 3.
const FORMAT = /[[\p{Cf}\p{Noncharacter_Code_Point}]--[\p{Default_Ignorable_Code_Point}]]/gv; // what layer 1 kept stays
// Layer 5.
const PRIVATE = /\p{Co}/gu;
// Layer 6.
const TAGS = /[\u{E0000}-\u{E007F}]+/gu;
const RGI_FLAGS = new Set(["gbeng\x7f", "gbsct\x7f", "gbwls\x7f"]);
// Layer 7.
const SPACES = /\p{Zs}+/gu;
// Markers (OpenClaw: fold fullwidth letters and look-alike brackets, then match).
const FOLDABLE = /[\uFF21-\uFF3A\uFF41-\uFF5A\uFF1C\uFF1E\u2329\u232A\u3008\u3009\u2039\u203A\u27E8\u27E9\uFE64\uFE65]/g;
const FOLDS = { "\uFF1C": "<", "\uFF1E": ">", "\u2329": "<", "\u232A": ">", "\u3008": "<", "\u3009": ">", "\u2039": "<", "\u203A": ">", "\u27E8": "<", "\u27E9": ">", "\uFE64": "<", "\uFE65": ">" };
const MARKER = /<<<\s*(END_)?EXTERNAL_UNTRUSTED_CONTENT(?:\s+id="[^"]{1,128}")?\s*>>>/gi;
// DeerFlow's framework tags.
const NAMES = ["system-reminder", "system_reminder", "memory", "current_date", "think", "analysis", "role", "soul",
  "self_update", "thinking_style", "clarification_system", "critical_reminders", "response_style", "citations",
  "uploaded_files", "current_uploads", "subagent_system", "skill_system", "skill_index", "available_skills",
  "disabled_skills", "memory_tool_system", "todo_list_system", "durable_context_data", "slash_skill_activation",
  "mcp_routing_hints", "available-deferred-tools", "goal_continuation", "background_task_event",
  "file_editing_workflow", "guidelines", "output_format", "working_directory", "tool_restrictions", "system",
  "instruction", "important", "override", "ignore", "prompt"];
const FRAMEWORK_TAG = new RegExp(`<\\s*/?\\s*(?:${NAMES.join("|")})\\b[^>]*>?`, "gi");

function keepInvisible(c, before, after) {
  if (c === "\u200D" && isEmoji(after) && (isEmoji(before) || before === "\uFE0F" || before === "\u20E3")) return true;
  if (c === "\u200D" || c === "\u200C") return isJoining(before) && isJoining(after);
  if (c === "\uFE0F" || c === "\uFE0E") return isEmoji(before) || /^[#*0-9]$/.test(before ?? "");
  return false;
}

function codePointBefore(s, i) {
  if (i <= 0) return undefined;
  const c = s.charCodeAt(i - 1);
  return c >= 0xdc00 && c < 0xe000 && i >= 2 ? s.slice(i - 2, i) : s[i - 1];
}

export function jsSanitize(text) {
  let s = text.replace(INVISIBLE, (c, i, all) => (keepInvisible(c, codePointBefore(all, i), String.fromCodePoint(all.codePointAt(i + c.length) ?? 0)) ? c : ""));
  s = s.replace(NEWLINES, "\n").replace(CONTROLS, "");
  s = s.toWellFormed().replace(FORMAT, "");
  s = s.replace(PRIVATE, "");
  s = s.replace(TAGS, (run, i, all) => (all.codePointAt(i - 2) === 0x1f3f4 && RGI_FLAGS.has(String.fromCharCode(...Array.from(run, (c) => c.codePointAt(0) & 0x7f))) ? run : ""));
  s = s.normalize("NFC");
  s = s.replace(SPACES, " ");
  const folded = s.replace(FOLDABLE, (c) => FOLDS[c] ?? String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  if (/external_untrusted_content/i.test(folded)) {
    let out = "";
    let last = 0;
    for (const m of folded.matchAll(MARKER)) {
      out += s.slice(last, m.index) + "[[MARKER_SANITIZED]]";
      last = m.index + m[0].length;
    }
    s = out + s.slice(last);
  }
  return s.replace(FRAMEWORK_TAG, (m) => m.replace(/</g, "&lt;").replace(/>/g, "&gt;"));
}
