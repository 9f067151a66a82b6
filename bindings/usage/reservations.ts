/**
 * @module
 * Reserving an allowed call's usage charges before it runs, and settling
 * them after: the one place that turns charges into counted calls. judge()
 * (bindings/middleware/judge.ts) is their only caller.
 */

import type { Decision } from "../core/decision.ts";
import { isUsageLimited, limitReason, type BoundCharge } from "./charges.ts";

/** One charge reserved in its store. */
export interface Reservation {
  bound: BoundCharge;
  id: string;
}

/**
 * Reserve every charge of an allowed decision; on the first that would cross
 * a limit, release the others and return the deny. A usage-limited decision
 * without charges (its provider offers only `evaluate`) is refused: running
 * it would go uncounted. A store that throws throws (the caller applies its
 * fail mode).
 */
export async function reserveCharges(decision: Decision, charges: readonly BoundCharge[]): Promise<Reservation[] | Decision> {
  if (charges.length === 0) {
    if (!isUsageLimited(decision)) return [];
    const lost: Decision = {
      decision: "deny",
      allow: false,
      reasons: [{ code: "oap.evaluator_error", message: "the call has usage limits, but its usage charge was lost on the way from the provider, so it could not be counted" }],
    };
    if (decision.policy_id) lost.policy_id = decision.policy_id;
    return lost;
  }
  const reserved: Reservation[] = [];
  for (const bound of charges) {
    let result;
    try {
      result = await bound.store.reserve(bound.scope, bound.charge, bound.at);
    } catch (error) {
      await settleReservations(reserved, false);
      throw error;
    }
    if (!result.ok) {
      await settleReservations(reserved, false);
      const denied: Decision = { decision: "deny", allow: false, reasons: [limitReason(result.exceeded, bound.charge)] };
      if (decision.policy_id) denied.policy_id = decision.policy_id;
      return denied;
    }
    reserved.push({ bound, id: result.reservation });
  }
  return reserved;
}

/** Keep (the call ran) or release the reservations; a store that fails here is reported, never changes the outcome. */
export async function settleReservations(reserved: Reservation[], ran: boolean): Promise<void> {
  for (const { bound, id } of reserved) {
    try {
      await bound.store.settle(id, ran);
    } catch (error) {
      console.warn(`portcullis: failed to ${ran ? "record" : "release"} usage: ${(error as Error)?.message ?? error}`);
    }
  }
}
