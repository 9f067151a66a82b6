/**
 * @module
 * Framework control-flow signals must pass through a guard untouched:
 * swallowing LangGraph's interrupt would turn "pause for a human" into a
 * denial. LangGraph.js marks these errors with `is_bubble_up`.
 */

const NAMES = new Set(["GraphBubbleUp", "GraphInterrupt", "NodeInterrupt", "ParentCommand"]);

export function isControlFlowSignal(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const e = error as { is_bubble_up?: unknown; name?: unknown };
  return e.is_bubble_up === true || (typeof e.name === "string" && NAMES.has(e.name));
}
