// Return commands of the back office: the returns domain's receipt, inspection and refund, each followed by
// its audit entry. The domain's commands lock the return and make each step happen once; the entry is
// written after, only when the step changed something.

import { centsToDecimal } from "../../platform/money";
import { isRefusal, type Refusal } from "../../platform/refusal";
import {
  inspectReturnLine,
  type ReturnDetail,
  receiveReturn,
  refundReturn,
  returnByNumber,
} from "../returns/returns.server";
import { audited, type StaffActor } from "./audit.server";

const target = (number: string) => ({ type: "return", id: number });

async function log(
  actor: StaffActor,
  number: string,
  action: string,
  summary: string,
  after: Record<string, unknown>,
) {
  await audited(actor, async () => ({
    result: null,
    audit: { action, target: target(number), summary, after },
  }));
}

/** Scans a return in (typed or read by a scanner): received, its units back in stock, the customer told. */
export async function receiveReturnAsStaff(
  actor: StaffActor,
  number: string,
): Promise<ReturnDetail | Refusal> {
  const before = await returnByNumber(number);
  const done = await receiveReturn(number, actor.id);
  if (!isRefusal(done) && before && before.status !== done.status)
    await log(actor, number, "return.receive", `Received return ${number}`, { status: done.status });
  return done;
}

export async function inspectReturnLineAsStaff(
  actor: StaffActor,
  number: string,
  input: { lineId: number; outcome: "accepted" | "rejected"; rejectReason?: string },
): Promise<ReturnDetail | Refusal> {
  const done = await inspectReturnLine(number, input);
  if (!isRefusal(done))
    await log(
      actor,
      number,
      `return.${input.outcome === "accepted" ? "accept" : "reject"}-line`,
      `Line ${input.lineId} ${input.outcome}${input.rejectReason ? `: ${input.rejectReason}` : ""}`,
      { lineId: input.lineId, outcome: input.outcome },
    );
  return done;
}

export async function refundReturnAsStaff(actor: StaffActor, number: string) {
  const before = await returnByNumber(number);
  const done = await refundReturn(number, actor.id);
  if (!isRefusal(done) && before && before.status !== done.ret.status)
    await log(
      actor,
      number,
      "return.refund",
      `Return ${number} ${done.ret.status.replace("_", " ")}: ${centsToDecimal(done.ret.refundedCents)} EUR`,
      {
        status: done.ret.status,
        refundedCents: done.ret.refundedCents,
      },
    );
  return done;
}
