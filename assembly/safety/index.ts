// Provider safety stops: detectors for the wasm core.
export { detectSafetyStop, SafetyStatus } from "./detect";
export { SafetyConfig, Detector, DetectorKind, defaultValues, detectorKindOf } from "./config";
export { Shape, shapeName } from "./shape";
export { safetyLoad, safetyDetect, safetyFree } from "./abi";
