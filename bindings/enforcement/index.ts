/**
 * @module
 * Enforcement modes (`enforce`, `warn`, `shadow`): applied to a decision
 * after the policy made it, so a new policy can run beside real traffic
 * before it blocks anything.
 */
export {
  applyEnforcement, isEnforcementMode, isSoftenable, softenedBy, warningText, wouldDecide,
  ALWAYS_ENFORCED_CODES, ENFORCEMENT_MODES, type EnforcementMode,
} from "./enforcement.ts";
export { passportModes, EnforcementModeError, type ModeResolver } from "./passport-modes.ts";
