/**
 * @module
 * OpenTelemetry without depending on it: the few tracer methods portcullis
 * calls, typed structurally, so a host passes its own tracer (`tracer:`) or
 * `await otel()` finds the global one when `@opentelemetry/api` is installed.
 * Without a tracer nothing here runs. Spans carry names, ids, codes and
 * digests — never tool arguments, reason messages or approval notes.
 */

import type { ApprovalEvent } from "../approvals/index.ts";
import type { SafetyTerminationEvent } from "../safety/index.ts";

export type SpanAttributeValue = string | number | boolean | string[];
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/** The part of `@opentelemetry/api`'s Span portcullis uses. */
export interface SpanLike {
  setAttribute(key: string, value: SpanAttributeValue): unknown;
  addEvent(name: string, attributes?: SpanAttributes): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  updateName?(name: string): unknown;
  isRecording?(): boolean;
  end(): void;
}

/** The part of `@opentelemetry/api`'s Tracer portcullis uses. */
export interface TracerLike {
  startSpan(name: string, options?: { kind?: number; attributes?: SpanAttributes }): SpanLike;
}

/** SpanKind.INTERNAL and SpanStatusCode.ERROR of the API, as numbers (the API is not imported). */
export const SPAN_KIND_INTERNAL = 0;
export const STATUS_ERROR = 2;

// A variable, so bundlers leave the optional peer alone instead of failing to resolve it.
const OTEL_API = "@opentelemetry/api";

/**
 * The global tracer of `@opentelemetry/api` when it is installed (whatever
 * SDK the host registered), else undefined. Pass the result as `tracer`.
 */
export async function otel(name = "portcullis", version?: string): Promise<TracerLike | undefined> {
  try {
    const api = (await import(/* @vite-ignore */ /* webpackIgnore: true */ OTEL_API)) as {
      trace?: { getTracer(name: string, version?: string): TracerLike };
    };
    return api.trace?.getTracer(name, version);
  } catch {
    return undefined;
  }
}

/** Set only defined attributes; an empty list is left out (backends show it as noise). */
export function setAttributes(span: SpanLike, attributes: SpanAttributes): void {
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    span.setAttribute(key, value);
  }
}

function startInternal(tracer: TracerLike, name: string, attributes: SpanAttributes): SpanLike {
  const span = tracer.startSpan(name, { kind: SPAN_KIND_INTERNAL });
  setAttributes(span, attributes);
  return span;
}

/** The approval outcome each approval event stands for; `approval_requested` opens the span. */
const CLOSING: Partial<Record<ApprovalEvent["action"], string>> = {
  approval_granted: "approved",
  approval_edited: "edited",
  approval_rejected: "rejected",
  approval_timeout: "timeout",
  approval_expired: "expired",
  approval_invalid: "invalid",
};

/** Open approval spans kept at most; the oldest is ended as "untracked" beyond it. */
const MAX_OPEN_APPROVALS = 10_000;

/**
 * An approval audit sink (`ApprovalGate` option `audit`) that traces each
 * pending action from request to decision: one `portcullis.approval {tool}`
 * span, opened when the action is requested and ended when it is approved,
 * edited, rejected, timed out or expired. A decision this process did not see
 * requested (another process, a restart) gets a span of its own.
 */
export function otelApprovalSink(tracer: TracerLike): (event: ApprovalEvent) => void {
  const open = new Map<string, SpanLike>();
  return (event) => {
    const attributes = approvalAttributes(event);
    if (event.action === "approval_requested" && event.action_id) {
      if (open.size >= MAX_OPEN_APPROVALS) {
        const [oldest, span] = open.entries().next().value as [string, SpanLike];
        open.delete(oldest);
        span.setAttribute("portcullis.approval.outcome", "untracked");
        span.end();
      }
      const span = startInternal(tracer, `portcullis.approval ${event.tool_name}`, attributes);
      span.addEvent("portcullis.approval.pending");
      open.set(event.action_id, span);
      return;
    }
    const outcome = CLOSING[event.action];
    const existing = event.action_id ? open.get(event.action_id) : undefined;
    if (outcome === undefined) {
      // consumed: the approved call ran; mark it on a still-open span or trace it alone.
      const span = existing ?? startInternal(tracer, `portcullis.approval ${event.tool_name}`, attributes);
      span.addEvent(`portcullis.${event.action}`);
      if (!existing) span.end();
      return;
    }
    if (existing) open.delete(event.action_id!);
    const span = existing ?? startInternal(tracer, `portcullis.approval ${event.tool_name}`, attributes);
    setAttributes(span, { "portcullis.approval.outcome": outcome, "portcullis.approval.kind": event.approval_kind ?? undefined });
    if (event.detail) span.setAttribute("portcullis.approval.detail", event.detail);
    span.addEvent("portcullis.approval.decided", { "portcullis.approval.outcome": outcome });
    if (outcome === "invalid") span.setStatus({ code: STATUS_ERROR, message: "approval record failed its integrity check" });
    span.end();
  };
}

function approvalAttributes(event: ApprovalEvent): SpanAttributes {
  return {
    "gen_ai.tool.name": event.tool_name,
    "gen_ai.tool.call.id": event.tool_call_id ?? undefined,
    "gen_ai.agent.id": event.agent_id ?? undefined,
    "gen_ai.conversation.id": event.thread_id ?? undefined,
    "portcullis.approval.action_id": event.action_id ?? undefined,
    "portcullis.reason_codes": event.reason_codes,
    "portcullis.args_digest": event.args_digest ?? undefined,
  };
}

/**
 * A safety-stop listener (`onEvent` of applySafetyStop) that records each
 * provider safety stop as a `portcullis.safety_stop` span: the detector, the
 * finish reason and the names of the tool calls it suppressed.
 */
export function otelSafetyStop(tracer: TracerLike): (event: SafetyTerminationEvent) => void {
  return (event) => {
    const span = startInternal(tracer, "portcullis.safety_stop", {
      "portcullis.safety.detector": event.detector,
      "portcullis.safety.reason_field": event.reason_field,
      "portcullis.safety.reason_value": event.reason_value,
      "portcullis.safety.suppressed_tool_call_count": event.suppressed_tool_call_count,
      "portcullis.safety.suppressed_tool_call_names": event.suppressed_tool_call_names,
      "gen_ai.conversation.id": event.thread_id,
    });
    span.end();
  };
}
