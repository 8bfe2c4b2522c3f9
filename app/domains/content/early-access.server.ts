/**
 * The seam between campaigns (here) and early-access tickets (the engagement domain, issue 19). A campaign
 * with `earlyAccessFrom` is in its early window until `onlineFrom`; whether one shopper may see it then is
 * the engagement domain's answer, given through `provideEarlyAccessCheck` when the server starts. Content
 * never imports the engagement domain (it depends on content's settings), so the check is handed in.
 * Without a check nobody is let in early: the campaign opens to everyone at `onlineFrom`.
 */

/** Who asks: the signed-in customer (a ticket on the account) and the ticket cookie's value, if any. */
export interface EarlyAccessVisitor {
  customerId: string | null;
  ticket: string | null;
}

export interface EarlyAccessCampaign {
  id: number;
  /** The campaign's English slug: a stable key for the engagement domain's tickets. */
  key: string;
  earlyAccessFrom: Date;
  onlineFrom: Date;
}

export type EarlyAccessCheck = (
  visitor: EarlyAccessVisitor,
  campaign: EarlyAccessCampaign,
  now: Date,
) => Promise<boolean>;

let check: EarlyAccessCheck | null = null;

/** Installs the engagement domain's check; the returned function removes it again (tests). */
export function provideEarlyAccessCheck(fn: EarlyAccessCheck): () => void {
  check = fn;
  return () => {
    if (check === fn) check = null;
  };
}

/** Whether this visitor may see `campaign` in its early window at `now` (false outside that window). */
export async function isEarlyAccessUnlocked(
  visitor: EarlyAccessVisitor,
  campaign: {
    id: number;
    earlyAccessFrom: Date | null;
    onlineFrom: Date | null;
    slugs: Partial<Record<string, string>>;
  },
  now = new Date(),
): Promise<boolean> {
  const { earlyAccessFrom, onlineFrom } = campaign;
  if (!check || !earlyAccessFrom || !onlineFrom) return false;
  if (now < earlyAccessFrom || now >= onlineFrom) return false;
  if (!visitor.customerId && !visitor.ticket) return false;
  const key = campaign.slugs.en ?? Object.values(campaign.slugs)[0] ?? String(campaign.id);
  return check(visitor, { id: campaign.id, key, earlyAccessFrom, onlineFrom }, now);
}
