// The oracle tier of the core's specs (as-pect.tiers.js); package.json runs it with
// --as-config as-pect.oracles.asconfig.json, which defines ORACLES.
import base from "./as-pect.config.js";
import { ORACLE_SPECS } from "./as-pect.tiers.js";

export default { ...base, entries: ORACLE_SPECS };
