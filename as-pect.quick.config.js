// The core's specs without the oracle tier (as-pect.tiers.js): the edit loop.
import base from "./as-pect.config.js";
import { ORACLE_SPECS, allSpecs } from "./as-pect.tiers.js";

export default { ...base, entries: allSpecs().filter((f) => !ORACLE_SPECS.includes(f)) };
