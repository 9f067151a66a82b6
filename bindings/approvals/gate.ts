/**
 * @module
 * ApprovalGate: the `ask` outcome made real. `guardToolCall` (option
 * `approvals`) and the HTTP handler consult it when the policy asks; people
 * (or the approval page) decide through it. Runs in every runtime.
 */

import type { Decision, GuardrailRequest } from "../core/decision.ts";
import { loadOnce } from "../core/index.ts";
import type { GateOutcome } from "./check-call.ts";
import type { ApproveInput, Reevaluate, RejectInput } from "./decide.ts";
import type { ApprovalGateOptions, GateContext } from "./gate-context.ts";
import { isActionId, toPublicAction, type PendingAction, type PublicAction } from "./pending-action.ts";
import { listLimit, type ActionCursor, type ActionQuery, type ApprovalStore } from "./store.ts";

export interface WaitOptions {
  /** How often to look at the store (default 500 ms). */
  pollMs?: number;
  signal?: AbortSignal;
}

/** The gate's work, imported once on first use (gate-work.ts). */
const work = loadOnce(() => import("./gate-work.ts"));

export class ApprovalGate {
  readonly #ctx: GateContext;

  private constructor(ctx: GateContext) {
    this.#ctx = ctx;
  }

  /** Checks the options now: a durable store without a `secret`, or a non-positive timeout, throws. */
  static async create(options: ApprovalGateOptions = {}): Promise<ApprovalGate> {
    return new ApprovalGate(await (await work()).createGateContext(options));
  }

  get store(): ApprovalStore {
    return this.#ctx.store;
  }

  get timeoutSeconds(): number {
    return this.#ctx.timeoutMs / 1000;
  }

  /** The gate's answer to a call the policy said `ask` about (see check-call.ts). Never call it for allow or deny. */
  check(request: GuardrailRequest, asked: Decision): Promise<GateOutcome> {
    if (asked.decision !== "ask") throw new TypeError(`ApprovalGate.check is for ask decisions, got '${asked.decision}'`);
    return work().then((gate) => gate.checkCall(this.#ctx, request, asked));
  }

  /** Approve a pending action. `reevaluate` must be given to allow edited arguments (the policy judges them). */
  async approve(id: string, input: ApproveInput = {}, reevaluate?: Reevaluate): Promise<PublicAction> {
    return toPublicAction(await (await work()).approveAction(this.#ctx, id, input, reevaluate), true);
  }

  async reject(id: string, input: RejectInput = {}): Promise<PublicAction> {
    return toPublicAction(await (await work()).rejectAction(this.#ctx, id, input), true);
  }

  /** One action as the API shows it, or null. An overdue pending action is turned into a timeout first. */
  async getAction(id: string): Promise<PublicAction | null> {
    if (!isActionId(id)) return null;
    const action = await this.#ctx.store.get(id);
    return action ? this.#view(await this.#settle(action)) : null;
  }

  /** Newest first. Overdue pending actions are timed out before they are listed. */
  async listActions(query: ActionQuery = {}): Promise<PublicAction[]> {
    return (await this.listPage(query)).actions;
  }

  /**
   * One page of actions, newest first, and the cursor of the next page (null
   * after the last): pass it as `after` to continue.
   */
  async listPage(query: ActionQuery = {}): Promise<{ actions: PublicAction[]; next: ActionCursor | null }> {
    const limit = listLimit(query);
    const actions = await this.#ctx.store.list({ ...query, limit });
    const out: PublicAction[] = [];
    for (const action of actions) {
      const settled = await this.#settle(action);
      if (!query.status || settled.status === query.status) out.push(await this.#view(settled));
    }
    const last = actions.length === limit ? actions[actions.length - 1] : undefined;
    return { actions: out, next: last ? { created_ms: Date.parse(last.created_at), id: last.id } : null };
  }

  /** Time out overdue actions, retire stale approvals, purge old records. Returns how many changed state. */
  expireDue(): Promise<number> {
    return work().then((gate) => gate.expireDue(this.#ctx));
  }

  /** Resolve when the action leaves `pending` (decided or timed out). */
  async waitForDecision(id: string, options: WaitOptions = {}): Promise<PublicAction> {
    const pollMs = options.pollMs ?? 500;
    for (;;) {
      options.signal?.throwIfAborted();
      const action = await this.getAction(id);
      if (!action) throw new Error(`no action ${id}`);
      if (action.status !== "pending") return action;
      await sleep(pollMs, options.signal);
    }
  }

  close(): Promise<void> {
    return this.#ctx.store.close();
  }

  async #settle(action: PendingAction): Promise<PendingAction> {
    const now = this.#ctx.clock();
    if (await (await work()).expireIfOverdue(this.#ctx, action, now)) return (await this.#ctx.store.get(action.id)) ?? action;
    return action;
  }

  async #view(action: PendingAction): Promise<PublicAction> {
    return toPublicAction(action, (await (await work()).checkAction(this.#ctx.signer, action)) === null);
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(signal!.reason);
    }
    signal?.addEventListener("abort", abort, { once: true });
  });
}

export type { GateOutcome } from "./check-call.ts";
