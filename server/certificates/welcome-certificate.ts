import { correlationId as newCorrelationId } from '../operations/request-context';
import { randomUUID } from 'node:crypto';
import { CertificateIssued, certificateStream, encodeEvent, type Actor } from '../../event-schemas';
import { WELCOME_DISPLAY_CATEGORY } from '../../event-schemas/certificate-issued';
import { addDays, dateIn } from '../../event-schemas/calendar';
import { WrongExpectedRevision } from '../../event-schemas/store/event-store';
import { deterministicUuid } from '../core/deterministic-id';
import type { Deps } from '../deps';
import { newCertificateCode } from './certificate-code';
import { issuedCertificateTerms } from '../certificate-categories/category-repository';

/** What the Join Now page promises a new member when the category names no amount of its own. */
export const DEFAULT_WELCOME_AMOUNT = 20;

/** A member has at most one welcome certificate: its stream is named by the member. */
export const welcomeCertificateId = (paxId: number) => deterministicUuid(`welcome-certificate:${paxId}`);

type WelcomeDeps = Pick<Deps, 'pool' | 'store' | 'now' | 'settings' | 'log'>;

/**
 * Issues the welcome certificate promised at enrollment (participants.welcome_category_code, set in the enrollment's
 * transaction, cleared once the certificate exists). Called right after enrolling and again at each sign-in, so a crash between the two writes only delays
 * it: the stream is appended with no_stream, so however often this runs, and however many run at once, there is one.
 */
export async function ensureWelcomeCertificate(deps: WelcomeDeps, paxId: number, actor: Actor): Promise<'issued' | 'already-issued' | 'none-due'> {
  const due = await deps.pool.query<{ welcome_category_code: string | null }>('SELECT welcome_category_code FROM participants WHERE pax_id = $1', [paxId]);
  const code = due.rows[0]?.welcome_category_code;
  if (!code) return 'none-due';
  const certificateId = welcomeCertificateId(paxId);
  // The promise is kept once the stream exists: it is then cleared, so later sign-ins read one row and no stream.
  const kept = async (answer: 'issued' | 'already-issued') => {
    await deps.pool.query('UPDATE participants SET welcome_category_code = NULL WHERE pax_id = $1', [paxId]);
    return answer;
  };
  if ((await deps.store.readStream(certificateStream(certificateId), { maxCount: 1 })).length > 0) return kept('already-issued');
  const category = await issuedCertificateTerms(deps.pool, code);
  if (!category) {
    deps.log(`welcome certificate category ${code} does not exist; member ${paxId} gets none until it does`);
    return 'none-due';
  }
  const now = deps.now();
  const event = CertificateIssued.of({
    certificateId,
    code: newCertificateCode(),
    paxId,
    amount: category.amount ?? DEFAULT_WELCOME_AMOUNT,
    pointsCost: 0,
    name: category.name,
    certificateCategoryType: null,
    displayCategory: WELCOME_DISPLAY_CATEGORY,
    certificateCategoryCode: code,
    status: 'ACTIVE',
    issuedAt: now.toISOString(),
    expirationDate: addDays(dateIn(deps.settings.timeZone, now), category.expirationDays),
  });
  const correlationId = newCorrelationId();
  try {
    await deps.store.appendToStream(
      certificateStream(certificateId),
      [encodeEvent(randomUUID(), event, { actor, correlationId, causationId: correlationId, occurredAt: event.data.issuedAt })],
      {
        expectedRevision: 'no_stream',
      },
    );
    return kept('issued');
  } catch (error) {
    if (error instanceof WrongExpectedRevision) return kept('already-issued');
    throw error;
  }
}
