/**
 * @module
 * Proof of what was decided: signed decision receipts, a hash-chained audit
 * log, and OpenTelemetry spans. All optional and off by default; none of it
 * ever records tool arguments.
 */
export { ReceiptSigner, verifyReceipt, type DecisionReceipt, type ReceiptPrivateKey, type ReceiptPublicKey } from "./receipt.ts";
export {
  chainedJsonLinesSink, chainHeadOf, verifyAuditChain, recordHash, AuditChainError,
  type ChainHead, type ChainFields, type ChainVerdict, type ChainedSinkOptions,
} from "./audit-chain.ts";
export { otel, otelApprovalSink, otelSafetyStop, type TracerLike, type SpanLike, type SpanAttributes, type SpanAttributeValue } from "./otel.ts";
export { observeJudgement, Observation, type ProofOptions, type ReceiptOptions, type JudgementFacts } from "./observe.ts";
