import { newUuid } from '../../lib/random-id';

const keyOf = (paxId: number) => `desk-ticket:${paxId}`;
/** A ticket left unrecorded this long is someone else's visit: a new one gets a new id. */
const TICKET_HOURS = 12;

/**
 * The externalId of the ticket open for this patient in this browser. Every tab of the desk that checks the same
 * patient out shares it (localStorage), so two tabs, a double click or a retry after a timeout record one treatment;
 * recording it frees the patient for a new ticket.
 */
export function openTicketId(paxId: number, now = Date.now()): string {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(paxId)) ?? 'null') as { id: string; at: number } | null;
    if (stored && now - stored.at < TICKET_HOURS * 3_600_000) return stored.id;
  } catch {
    /* a damaged entry is replaced below */
  }
  const id = `desk-${newUuid()}`;
  try {
    localStorage.setItem(keyOf(paxId), JSON.stringify({ id, at: now }));
  } catch {
    /* storage refused (private mode): this tab's id still makes its retries one treatment */
  }
  return id;
}

/** The ticket was recorded: the next one for this patient is a new visit. */
export function closeTicket(paxId: number, id: string): void {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(paxId)) ?? 'null') as { id: string } | null;
    if (stored?.id === id) localStorage.removeItem(keyOf(paxId));
  } catch {
    localStorage.removeItem(keyOf(paxId));
  }
}
