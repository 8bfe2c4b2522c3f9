// The merchandisers' content editor: creating an entry, its schedule, publishing and restoring a version
// are audited (who put what online, when). Editing a draft's blocks is not: nobody sees a draft but staff.
import { isRefusal } from "../../platform/refusal";
import {
  createEntry,
  type EntryKind,
  publishEntry,
  restoreVersion,
  scheduleEntry,
} from "../content/content.server";
import { audited, type StaffActor } from "./audit.server";

export function createContentEntry(actor: StaffActor, input: { kind: EntryKind; name: string }) {
  return audited(actor, async (tx) => {
    const id = await createEntry({ ...input, document: { translations: {} } }, { by: actor.id, tx });
    if (isRefusal(id)) return id;
    return {
      result: id,
      audit: {
        action: "content.create",
        target: { type: "content", id },
        summary: `Created ${input.kind} “${input.name}”`,
      },
    };
  });
}

export function scheduleContentEntry(
  actor: StaffActor,
  id: number,
  input: { name: string; onlineFrom?: Date; onlineUntil?: Date; earlyAccessFrom?: Date },
) {
  return audited(actor, async (tx) => {
    const outcome = await scheduleEntry(id, input, { by: actor.id, tx });
    if (isRefusal(outcome)) return outcome;
    const after = {
      onlineFrom: input.onlineFrom ?? null,
      onlineUntil: input.onlineUntil ?? null,
      earlyAccessFrom: input.earlyAccessFrom ?? null,
    };
    const same = JSON.stringify(outcome.before) === JSON.stringify(after);
    return {
      result: true,
      audit: same
        ? null
        : {
            action: "content.schedule",
            target: { type: "content", id },
            summary: `Scheduled “${input.name}”`,
            before: outcome.before,
            after,
          },
    };
  });
}

export function publishContentEntry(actor: StaffActor, id: number) {
  return audited(actor, async (tx) => {
    const outcome = await publishEntry(id, { by: actor.id, tx });
    if (isRefusal(outcome)) return outcome;
    return {
      result: outcome,
      audit: {
        action: "content.publish",
        target: { type: "content", id },
        summary: `Published version ${outcome.version}`,
      },
    };
  });
}

export function restoreContentVersion(actor: StaffActor, id: number, number: number) {
  return audited(actor, async (tx) => {
    const outcome = await restoreVersion(id, number, { by: actor.id, tx });
    if (isRefusal(outcome)) return outcome;
    return {
      result: outcome,
      audit: {
        action: "content.restore",
        target: { type: "content", id },
        summary: `Restored version ${number} as version ${outcome.version}`,
      },
    };
  });
}
