// ABI glue for the safety detectors, over buffers the caller owns (the
// input and output buffers of assembly/index.ts). index.ts wraps these:
//   safetyLoad(len)               -> handle >= 1, or -(n): n bytes of [{path,message}] errors
//   safetyDetect(handle, len, shape) -> result JSON length in the output buffer
//   safetyFree(handle)
// Handle 0 means the default detectors, with no load needed.

import { ByteBuffer } from "../util/bytes";
import { Json } from "../json/reader";
import { LoadErrors } from "../policy/load-errors";
import { SafetyConfig } from "./config";
import { detectSafetyStop } from "./detect";

const configs = new Array<SafetyConfig | null>();
const configJson = new Json();
let defaults: SafetyConfig | null = null;

/** Compile the safety config JSON in `input` (`len` bytes). */
export function safetyLoad(input: ByteBuffer, len: i32, output: ByteBuffer): i32 {
  const errors = new LoadErrors();
  let config: SafetyConfig | null = null;
  if (<u32>len > <u32>input.data.length) {
    errors.add("", "safety config is larger than the input buffer");
  } else {
    configJson.reset(input.ptr, len);
    if (!configJson.validate()) {
      errors.add("", "safety config is not valid JSON: " + configJson.error + " at byte " + configJson.errorAt.toString());
    } else {
      config = SafetyConfig.compile(configJson, configJson.root(), errors);
    }
  }
  if (config == null) {
    if (errors.count == 0) errors.add("", "safety config could not be compiled");
    output.reset();
    output.appendString(errors.toJSON());
    return -output.length;
  }
  for (let i = 0; i < configs.length; i++) {
    if (configs[i] == null) {
      configs[i] = config;
      return i + 1;
    }
  }
  configs.push(config);
  return configs.length;
}

export function safetyFree(handle: i32): void {
  if (handle >= 1 && handle <= configs.length) configs[handle - 1] = null;
}

/** Detect on the document in `input` (`len` bytes); returns the result length in `output`. */
export function safetyDetect(handle: i32, input: ByteBuffer, len: i32, output: ByteBuffer, shape: i32): i32 {
  let config: SafetyConfig | null = null;
  if (handle == 0) {
    let d = defaults;
    if (d == null) {
      d = SafetyConfig.defaults();
      defaults = d;
    }
    config = d;
  } else if (handle >= 1 && handle <= configs.length) {
    config = configs[handle - 1];
  }
  if (config == null) {
    output.reset();
    output.appendString('{"terminated":false,"error":"no safety config is loaded under that handle"}');
    return output.length;
  }
  if (<u32>len > <u32>input.data.length) {
    output.reset();
    output.appendString('{"terminated":false,"error":"input length exceeds the input buffer"}');
    return output.length;
  }
  detectSafetyStop(input.ptr, len, config, output, shape);
  return output.length;
}
