/**
 * Members handed to the admin's Messages compose (`/app/manage/messages`) through the router's
 * state, so it opens with them as 'Chosen members' (the Inactive Users report's action). State,
 * not the address: a page of members' ids does not belong in a URL (or in a shared link).
 */
export interface ComposeRecipient {
  id: string;
  /** How the compose's member picker shows them: "Full Name <email>". */
  label: string;
}

export const messagesPath = '/app/manage/messages';

export function composeState(recipients: ComposeRecipient[]) {
  return { composeTo: recipients };
}

/** The members a navigation's state carries, if it carries any. */
export function composeRecipientsOf(state: unknown): ComposeRecipient[] | undefined {
  if (typeof state !== 'object' || state === null || !('composeTo' in state)) return undefined;
  const list = state.composeTo;
  if (!Array.isArray(list)) return undefined;
  const valid = list.filter(
    (r): r is ComposeRecipient =>
      typeof r === 'object' &&
      r !== null &&
      typeof (r as ComposeRecipient).id === 'string' &&
      typeof (r as ComposeRecipient).label === 'string',
  );
  return valid.length > 0 ? valid : undefined;
}
