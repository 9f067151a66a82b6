// A request as the core sees it: validated JSON bytes plus the positions of
// the fields every policy needs. Nothing is copied out until a rule asks.

import { Json, JsonType, DUPLICATE, literalKeyWord, literalTailWord, tailMask } from "../json/reader";
import { ByteBuffer } from "../util/bytes";
import { Verdict, Code } from "./verdict";
import { UsageInput } from "./usage";

/** Requests above this size are refused outright (oap.invalid_context). */
export const MAX_REQUEST_BYTES: i32 = 8 << 20;

// The envelope's keys as Json key words.
const TOOL_NAME = literalKeyWord("tool_name");
const TOOL_INPUT = literalKeyWord("tool_input");
// Their bytes past the key word (Json.keyEqualsTail).
const TOOL_NAME_TAIL = literalTailWord("tool_name");
const TOOL_NAME_MASK = tailMask(TOOL_NAME_TAIL);
const TOOL_INPUT_TAIL = literalTailWord("tool_input");
const TOOL_INPUT_MASK = tailMask(TOOL_INPUT_TAIL);
const CONTEXT = literalKeyWord("context");

/**
 * The tool_input keys a rule reads, with their key words computed once, so
 * that RequestView.findInput finds them all in one pass over the members
 * (instead of a key-word lookup and a member loop per field).
 */
export class InputKeys {
  readonly words: StaticArray<u64>;

  constructor(readonly keys: StaticArray<string>) {
    const words = new StaticArray<u64>(keys.length);
    for (let k = 0; k < keys.length; k++) {
      words[k] = literalKeyWord(keys[k]);
      // Distinct keys: a member matches at most one, so getAll stops at the first match.
      for (let j = 0; j < k; j++) assert(keys[j] != keys[k], "InputKeys: a key is listed twice");
    }
    this.words = words;
  }
}

/** Objects with more members than this are searched member by member instead. */
const MAX_INDEXED_MEMBERS: i32 = 32;

/**
 * The members of one object (tool_input or context), found in one pass so
 * that the several fields a rule reads do not each rescan the object — and
 * skip the long command string again (measured: a third of a command
 * decision went to those rescans).
 */
@final class MemberIndex {
  objPos: i32 = -1;
  count: i32 = 0;
  keys: StaticArray<i32> = new StaticArray<i32>(MAX_INDEXED_MEMBERS);
  /** Each key's Json.keyWord: a lookup compares one integer per member. */
  words: StaticArray<u64> = new StaticArray<u64>(MAX_INDEXED_MEMBERS);
  values: StaticArray<i32> = new StaticArray<i32>(MAX_INDEXED_MEMBERS);

  /** Index the object at objPos; leaves objPos -1 (not indexed) when it has too many members. */
  build(json: Json, objPos: i32): void {
    this.clear();
    if (objPos < 0) return;
    const n = this.fill(json, json.firstMember(objPos));
    if (n == MAX_INDEXED_MEMBERS && json.nextMemberAfterValue(unchecked(this.values[n - 1])) >= 0) return;
    this.count = n;
    this.objPos = objPos;
  }

  /** Not indexed: lookups go member by member (none are made before parse builds the index again). */
  // @ts-ignore: decorator
  @inline clear(): void {
    this.objPos = -1;
    this.count = 0;
  }

  /** Up to MAX_INDEXED_MEMBERS members from the key at keyPos on into the arrays (Json.membersFrom); how many. */
  fill(json: Json, keyPos: i32): i32 {
    // The arrays hold MAX_INDEXED_MEMBERS entries, the most membersFrom writes.
    return json.membersFrom(keyPos, changetype<usize>(this.keys), changetype<usize>(this.words), changetype<usize>(this.values),
      MAX_INDEXED_MEMBERS);
  }

  /** Like Json.get: the value position, -1 when absent, DUPLICATE when the key occurs twice. */
  get(json: Json, key: string): i32 {
    const word = literalKeyWord(key);
    let found = -1;
    for (let i = 0; i < this.count; i++) {
      // i < count <= MAX_INDEXED_MEMBERS.
      if (json.keyEquals(unchecked(this.keys[i]), unchecked(this.words[i]), key, word)) {
        if (found >= 0) return DUPLICATE;
        found = unchecked(this.values[i]);
      }
    }
    return found;
  }

  /** get for every key of `keys` in one pass: out[k] for keys.keys[k]. */
  getAll(json: Json, keys: InputKeys, out: StaticArray<i32>): void {
    const names = keys.keys;
    const words = keys.words;
    const n = names.length;
    // Checked stores: an `out` shorter than the keys aborts here, so the unchecked accesses below are in bounds.
    for (let k = 0; k < n; k++) out[k] = -1;
    const count = this.count;
    for (let i = 0; i < count; i++) {
      // i < count <= MAX_INDEXED_MEMBERS.
      const pos = unchecked(this.keys[i]);
      const word = unchecked(this.words[i]);
      for (let k = 0; k < n; k++) {
        if (json.keyEquals(pos, word, unchecked(names[k]), unchecked(words[k]))) {
          unchecked(out[k] = unchecked(out[k]) == -1 ? unchecked(this.values[i]) : DUPLICATE);
          break;
        }
      }
    }
  }
}

export class RequestView {
  json: Json = new Json();
  toolNamePos: i32 = -1;
  toolInputPos: i32 = -1;
  contextPos: i32 = -1;
  /** tool_name, unescaped UTF-8; reused across calls. */
  toolName: ByteBuffer = new ByteBuffer(64);
  /**
   * Usage counters for rate limits and caps. Supplied by the host beside the
   * request (a separate ABI input), never read from the request bytes: a
   * request that carries "usage" anywhere changes nothing.
   */
  usage: UsageInput = new UsageInput();
  private inputMembers: MemberIndex = new MemberIndex();
  private contextMembers: MemberIndex = new MemberIndex();
  /**
   * Whether the two indexes above describe this request: built on the first lookup, not by parse, so a
   * decision that never reads tool_input or context (a tool allowlist) does not index them.
   */
  private indexed: bool = false;
  /** The envelope's members, a batch at a time (parse reads them in order; never looked up). */
  private envelope: MemberIndex = new MemberIndex();

  /** Validate and locate the envelope; on failure fills the verdict and returns false. */
  parse(ptr: usize, len: i32, verdict: Verdict): bool {
    this.toolName.reset();
    this.toolNamePos = -1;
    this.toolInputPos = -1;
    this.contextPos = -1;
    this.indexed = false;
    this.inputMembers.clear();
    this.contextMembers.clear();
    if (len > MAX_REQUEST_BYTES) {
      return verdict.deny(Code.INVALID_CONTEXT, "request is " + len.toString() + " bytes; the limit is " + MAX_REQUEST_BYTES.toString());
    }
    const json = this.json;
    json.reset(ptr, len);
    if (!json.validate()) {
      return verdict.deny(Code.INVALID_CONTEXT, "request is not valid JSON: " + json.error + " at byte " + json.errorAt.toString());
    }
    const root = json.root();
    if (json.typeAt(root) != JsonType.Object) return verdict.deny(Code.INVALID_CONTEXT, "request must be a JSON object");
    // One pass over the envelope: find the three fields, refuse duplicates.
    let name = -1;
    let input = -1;
    let context = -1;
    // In batches of the member index's size, so that a larger envelope is walked in full.
    const rows = this.envelope;
    let next = json.firstMember(root);
    while (next >= 0) {
      const n = rows.fill(json, next);
      for (let i = 0; i < n; i++) {
        // i < n <= MAX_INDEXED_MEMBERS.
        const m = unchecked(rows.keys[i]);
        const word = unchecked(rows.words[i]);
        const v = unchecked(rows.values[i]);
        if (json.keyEqualsTail(m, word, "tool_name", TOOL_NAME, TOOL_NAME_TAIL, TOOL_NAME_MASK)) {
          if (name >= 0) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key 'tool_name' in request");
          name = v;
        } else if (json.keyEqualsTail(m, word, "tool_input", TOOL_INPUT, TOOL_INPUT_TAIL, TOOL_INPUT_MASK)) {
          if (input >= 0) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key 'tool_input' in request");
          input = v;
        } else if (json.keyEquals(m, word, "context", CONTEXT)) {
          if (context >= 0) return verdict.deny(Code.INVALID_CONTEXT, "duplicate key 'context' in request");
          context = v;
        }
      }
      next = n == MAX_INDEXED_MEMBERS ? json.nextMemberAfterValue(unchecked(rows.values[n - 1])) : -1;
    }
    if (name < 0 || json.typeAt(name) != JsonType.String) {
      return verdict.deny(Code.INVALID_CONTEXT, "request.tool_name must be a string");
    }
    this.toolNamePos = name;
    json.decodeString(name, this.toolName);
    if (this.toolName.length > 256) return verdict.deny(Code.INVALID_CONTEXT, "request.tool_name is longer than 256 bytes");
    // Only a \u escape can put a NUL into a string of a validated document (see Json.decodedUnicodeEscape).
    for (let i = 0; json.decodedUnicodeEscape && i < this.toolName.length; i++) {
      if (load<u8>(this.toolName.ptr + <usize>i) == 0) return verdict.deny(Code.INVALID_CONTEXT, "request.tool_name contains a NUL byte");
    }
    if (input >= 0 && json.typeAt(input) != JsonType.Object) {
      return verdict.deny(Code.INVALID_CONTEXT, "request.tool_input must be an object");
    }
    this.toolInputPos = input; // absent means {} (DeerFlow's default)
    const contextType = json.typeAt(context);
    if (context >= 0 && contextType != JsonType.Object && contextType != JsonType.Null) {
      return verdict.deny(Code.INVALID_CONTEXT, "request.context must be an object");
    }
    this.contextPos = contextType == JsonType.Object ? context : -1;
    return true;
  }

  /** Index tool_input and context for lookups, once per request (after parse succeeded). */
  // @ts-ignore: decorator
  @inline private ensureIndexed(): void {
    if (!this.indexed) {
      this.indexed = true;
      this.inputMembers.build(this.json, this.toolInputPos);
      this.contextMembers.build(this.json, this.contextPos);
    }
  }

  /**
   * A member's value position: -1 absent, -3 when the key is duplicated (the
   * verdict is filled: a host JSON parser would keep the last copy, so we
   * cannot know which one the tool will see).
   */
  member(objPos: i32, key: string, verdict: Verdict): i32 {
    return this.refuseDuplicate(this.lookup(objPos, key), key, verdict);
  }

  /** Like Json.get, through the member indexes: the value position, -1 when absent, DUPLICATE. */
  private lookup(objPos: i32, key: string): i32 {
    if (objPos < 0) return -1;
    this.ensureIndexed();
    return objPos == this.inputMembers.objPos ? this.inputMembers.get(this.json, key)
      : objPos == this.contextMembers.objPos ? this.contextMembers.get(this.json, key)
      : this.json.get(objPos, key);
  }

  /**
   * Look up all of `keys` in tool_input at once: out[k] becomes what the
   * lookup of keys.keys[k] gave (a position, -1 absent, DUPLICATE), for
   * bytesAt, numberAt, stringAt and keysAt, which refuse a duplicate.
   */
  findInput(keys: InputKeys, out: StaticArray<i32>): void {
    const objPos = this.toolInputPos;
    this.ensureIndexed();
    if (objPos >= 0 && objPos == this.inputMembers.objPos) {
      this.inputMembers.getAll(this.json, keys, out);
      return;
    }
    for (let k = 0; k < keys.keys.length; k++) out[k] = this.lookup(objPos, keys.keys[k]);
  }

  /** A lookup's answer, with a duplicate turned into -3 and a filled verdict (see member). */
  // @ts-ignore: decorator
  @inline private refuseDuplicate(pos: i32, key: string, verdict: Verdict): i32 {
    if (pos == DUPLICATE) {
      verdict.deny(Code.INVALID_CONTEXT, "duplicate key '" + key + "' in request");
      return -3;
    }
    return pos;
  }

  /**
   * The position of a tool_input member: -1 when absent or null; -3 (with
   * `failed` set and the verdict filled) when duplicated.
   */
  inputPos(key: string, verdict: Verdict): i32 {
    this.failed = false;
    const pos = this.member(this.toolInputPos, key, verdict);
    if (pos == -3) {
      this.failed = true;
      return -3;
    }
    return pos < 0 || this.json.typeAt(pos) == JsonType.Null ? -1 : pos;
  }

  /**
   * A whole-number field of tool_input (a count or an amount in minor units):
   * -1 when absent. Only the plain integer spelling is accepted (`1299`, not
   * `12.99`, `1.299e3`, `-5` or `"1299"`), at most 15 digits, so a unit
   * mix-up or a value past 2^53 is refused (oap.invalid_context), never rounded.
   */
  inputWhole(key: string, verdict: Verdict): i64 {
    const pos = this.inputPos(key, verdict);
    if (pos < 0) return -1;
    const v = this.json.readWhole(pos, 15);
    if (v < 0) {
      this.failed = true;
      verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be a whole number >= 0 written without sign, fraction or exponent (at most 15 digits)");
    }
    return v;
  }

  /**
   * Several fields of tool_input at once (through the member index):
   * `out[i]` becomes the value position of `keys[i]` (-1 when absent or
   * null). A key that occurs twice fills the verdict and returns false (a
   * parser would keep one copy, and we cannot know which one the tool sees).
   */
  inputFields(keys: StaticArray<string>, out: StaticArray<i32>, verdict: Verdict): bool {
    for (let k = 0; k < keys.length; k++) {
      const pos = this.inputPos(keys[k], verdict);
      if (this.failed) return false;
      out[k] = pos;
    }
    return true;
  }

  /** Bytes of the raw JSON text of the value at pos (as the request carried it). */
  rawLength(pos: i32): i32 {
    return this.json.skipValue(pos) - pos;
  }

  toolNameString(): string {
    return this.toolName.toString();
  }

  /**
   * A string field of tool_input. Returns null when absent; fills the
   * verdict and returns null with `failed` set when present but malformed.
   */
  inputString(key: string, verdict: Verdict): string | null {
    return this.stringAt(this.lookup(this.toolInputPos, key), key, verdict);
  }

  /** inputString for what findInput found for `key`. */
  stringAt(found: i32, key: string, verdict: Verdict): string | null {
    this.failed = false;
    const pos = this.refuseDuplicate(found, key, verdict);
    if (pos == -3) {
      this.failed = true;
      return null;
    }
    if (pos < 0 || this.json.typeAt(pos) == JsonType.Null) return null;
    if (this.json.typeAt(pos) != JsonType.String) {
      this.failed = true;
      verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be a string");
      return null;
    }
    return this.json.readString(pos);
  }

  /**
   * Decode a string field of tool_input into `out` (reset first). Returns 1
   * when present, 0 when absent or null, -1 when malformed (verdict filled).
   */
  inputBytes(key: string, out: ByteBuffer, verdict: Verdict): i32 {
    return this.bytesAt(this.lookup(this.toolInputPos, key), key, out, verdict);
  }

  /** inputBytes for what findInput found for `key`. */
  bytesAt(found: i32, key: string, out: ByteBuffer, verdict: Verdict): i32 {
    out.reset();
    this.plainBytes = false;
    const pos = this.refuseDuplicate(found, key, verdict);
    if (pos == -3) return -1;
    if (pos < 0) return 0;
    const type = this.json.typeAt(pos);
    if (type == JsonType.Null) return 0;
    if (type != JsonType.String) {
      verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be a string");
      return -1;
    }
    // parse validated the request, so a string without \u escapes is valid UTF-8 without NUL.
    this.plainBytes = this.json.decodeString(pos, out) && !this.json.decodedUnicodeEscape;
    return 1;
  }

  /** Set by inputBytes: the bytes it decoded are valid UTF-8 without NUL (no \u escape in the string). */
  plainBytes: bool = false;

  /** A number field of tool_input: NaN when absent; sets `failed` when not a number. */
  inputNumber(key: string, verdict: Verdict): f64 {
    return this.numberAt(this.lookup(this.toolInputPos, key), key, verdict);
  }

  /** inputNumber for what findInput found for `key`. */
  numberAt(found: i32, key: string, verdict: Verdict): f64 {
    this.failed = false;
    const pos = this.refuseDuplicate(found, key, verdict);
    if (pos == -3) {
      this.failed = true;
      return NaN;
    }
    if (pos < 0 || this.json.typeAt(pos) == JsonType.Null) return NaN;
    const v = this.json.readNumber(pos);
    if (isNaN(v)) {
      this.failed = true;
      verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be a number");
    }
    return v;
  }

  /**
   * Keys of an object field of tool_input (e.g. env) into `out` (emptied
   * first: no allocation when the field is absent); sets `failed` when not an object.
   */
  inputKeys(key: string, out: Array<string>, verdict: Verdict): void {
    this.keysAt(this.lookup(this.toolInputPos, key), key, out, verdict);
  }

  /** inputKeys for what findInput found for `key`. */
  keysAt(found: i32, key: string, out: Array<string>, verdict: Verdict): void {
    this.failed = false;
    out.length = 0;
    const pos = this.refuseDuplicate(found, key, verdict);
    if (pos == -3) {
      this.failed = true;
      return;
    }
    if (pos < 0 || this.json.typeAt(pos) == JsonType.Null) return;
    if (this.json.typeAt(pos) != JsonType.Object) {
      this.failed = true;
      verdict.deny(Code.INVALID_CONTEXT, "tool_input." + key + " must be an object");
      return;
    }
    let m = this.json.firstMember(pos);
    while (m >= 0) {
      out.push(this.json.readString(m)!);
      m = this.json.nextMember(m);
    }
  }

  /**
   * A string field of request.context (workspace_root, home, …), or null.
   * A duplicated or non-string value sets `failed`: the caller denies.
   */
  contextString(key: string, verdict: Verdict): string | null {
    this.failed = false;
    if (this.contextPos < 0) return null;
    const pos = this.member(this.contextPos, key, verdict);
    if (pos == -3) {
      this.failed = true;
      return null;
    }
    if (pos < 0 || this.json.typeAt(pos) == JsonType.Null) return null;
    const s = this.json.readString(pos);
    if (s == null) {
      this.failed = true;
      verdict.deny(Code.INVALID_CONTEXT, "request.context." + key + " must be a string");
    }
    return s;
  }

  /** Set by inputString when the field was present but unusable. */
  failed: bool = false;
}
