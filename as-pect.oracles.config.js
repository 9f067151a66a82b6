// The oracle tier of the core's specs (as-pect.tiers.js).
import base from "./as-pect.config.js";
import { ORACLE_SPECS } from "./as-pect.tiers.js";

export default { ...base, entries: ORACLE_SPECS };
