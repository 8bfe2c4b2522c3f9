// Support's answers to contact tickets, each with its audit entry (who wrote to which shopper, when).
import { isRefusal } from "../../platform/refusal";
import { replyToTicket, setTicketStatus, type TicketStatus } from "../service/service.server";
import { audited, type StaffActor } from "./audit.server";

export function answerTicket(actor: StaffActor, ticketId: number, input: { body: string; close: boolean }) {
  return audited(actor, async (tx) => {
    const outcome = await replyToTicket({ ticketId, ...input }, { staffId: actor.id, tx });
    if (isRefusal(outcome)) return outcome;
    return {
      result: outcome,
      audit: {
        action: "ticket.reply",
        target: { type: "ticket", id: String(ticketId) },
        summary: `Answered ${outcome.reference} by e-mail${input.close ? " and closed it" : ""}`,
        before: { status: outcome.before },
        after: { status: outcome.after },
      },
    };
  });
}

export function changeTicketStatus(actor: StaffActor, ticketId: number, status: TicketStatus) {
  return audited(actor, async (tx) => {
    const outcome = await setTicketStatus(ticketId, status, { tx });
    if (isRefusal(outcome)) return outcome;
    return {
      result: status,
      audit:
        outcome.before === status
          ? null
          : {
              action: `ticket.${status === "closed" ? "close" : "reopen"}`,
              target: { type: "ticket", id: String(ticketId) },
              summary: `Ticket ${status === "closed" ? "closed" : "reopened"}`,
              before: { status: outcome.before },
              after: { status },
            },
    };
  });
}
