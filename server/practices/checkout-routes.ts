import * as t from 'io-ts';
import { dateIn } from '../../event-schemas/calendar';
import { boundedString, IsoDate, PositiveInteger } from '../../event-schemas/primitives';
import type { CertificateStatus } from '../../event-schemas';
import type { Caller } from '../auth/caller';
import { memberEligibility } from '../certificate-categories/member-eligibility';
import { activationDates } from '../certificates/activation-dates';
import { PaxIdParam } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { recordPracticeAccessOnce } from '../privacy/access-log';
import { boundedArray, LineItemBody, MAX_QUANTITY } from '../treatments/record-treatment';
import { resolveCertificates, resolveLineItems } from '../treatments/resolve-treatment-input';
import { checkTicket } from './checkout-check';

/** A ticket being written: its products need no injector yet, and it may hold none so far. */
const TicketLine = t.type({ productId: PositiveInteger, quantity: LineItemBody.types[0].props.quantity });
const TicketBody = t.type({
  dateOfService: IsoDate,
  lineItems: boundedArray(TicketLine, 0, 100),
  redeemedCertificateCodes: boundedArray(boundedString(64), 0, 20),
});

const Verdict = t.type({
  code: t.string,
  name: t.string,
  amount: t.number,
  category: t.string,
  status: t.string,
  activationDate: t.union([t.string, t.null]),
  expirationDate: t.string,
  chosen: t.boolean,
  applies: t.boolean,
  reasons: t.array(t.string),
  note: t.union([t.string, t.null]),
});

/** A checkout that keeps showing the same patient's certificates is one view of them in their access log, not one a keystroke. */
const ONE_VIEW_MINUTES = 15;

const practiceOf = (caller: Caller) => {
  if (caller.kind !== 'practice') throw new Error('a practice route was reached without a practice caller');
  return { practiceId: caller.practiceId, userId: caller.staff?.userId ?? null };
};

/**
 * The desk's ticket checked before it is recorded: the patient's certificates, each with whether it applies to what
 * is on the ticket and why not, and the points the ticket earns with the ones chosen. Nothing is written but the
 * access log; recording applies the same rules and refuses what this says does not apply.
 */
export const practiceCheckoutRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/practice/patients/:paxId/checkout-check',
    tag: 'Practices',
    summary: "Check a ticket before recording it: each of the patient's certificates, whether it applies and why not, and the points it earns",
    access: 'practice',
    params: t.type({ paxId: PaxIdParam }),
    body: TicketBody,
    responses: {
      200: { description: 'The ticket checked', schema: t.type({ expectedPoints: t.number, certificates: t.array(Verdict) }) },
      400: { description: `A product unknown or retired, units outside 1 to ${MAX_QUANTITY}, a date in the future` },
      404: { description: 'No such patient' },
    },
    handler: async ({ params, body, caller }) => {
      const practice = practiceOf(caller);
      const now = deps.now();
      const today = dateIn(deps.settings.timeZone, now);
      const chosenCodes = body.redeemedCertificateCodes.map((c) => c.trim());
      // Independent reads side by side: the desk re-checks as it types, and waits on each round trip.
      const [found, lineItems, held] = await Promise.all([
        deps.pool.query('SELECT 1 FROM participants WHERE pax_id = $1 AND NOT is_admin AND erased_at IS NULL', [params.paxId]),
        resolveLineItems(
          deps.pool,
          {
            externalId: 'checkout-check',
            paxId: params.paxId,
            dateOfService: body.dateOfService,
            hcpName: '',
            lineItems: body.lineItems.map((l) => ({ ...l, injector: { firstName: '', lastName: '' } })),
          },
          today,
        ).catch((error: unknown) => error),
        // The patient's unused active certificates, and any chosen code that is no longer one of them (used in another tab).
        deps.pool.query<{
          certificate_id: string;
          code: string;
          name: string;
          amount: string;
          status: CertificateStatus;
          display_category: string;
          expiration_date: string;
          redeemed_on: string | null;
        }>(
          `SELECT certificate_id, code, name, amount, status, display_category, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_date,
                  to_char(redeemed_on, 'YYYY-MM-DD') AS redeemed_on
             FROM rm_certificates
            WHERE pax_id = $1 AND NOT (gift_recipient_email IS NOT NULL AND claimed_at IS NULL)
              AND ((status = 'ACTIVE' AND redeemed_on IS NULL) OR code = ANY($2::text[]))
            ORDER BY expiration_date, code`,
          [params.paxId, chosenCodes],
        ),
      ]);
      // No such patient is a 404 before anything the ticket says (resolveLineItems would call it a bad body.paxId).
      if (!found.rowCount) throw notFound(`Patient ${params.paxId}`);
      if (!Array.isArray(lineItems)) throw lineItems;
      const codes = held.rows.map((r) => r.code);
      const [, resolved, activation] = await Promise.all([
        recordPracticeAccessOnce(
          deps.pool,
          { paxId: params.paxId, practiceId: practice.practiceId, userId: practice.userId, action: 'practice-certificates', at: now },
          ONE_VIEW_MINUTES,
        ),
        resolveCertificates(deps.pool, codes, params.paxId, deps.settings.timeZone),
        activationDates(
          deps.pool,
          held.rows.map((r) => r.certificate_id),
          deps.settings.timeZone,
        ),
      ]);
      const hasCriteria = resolved.presented.some((p) => p.category?.criteria);
      const member = hasCriteria ? await memberEligibility(deps.pool, params.paxId, today, []) : null;
      const checked = checkTicket({
        certificates: held.rows.map((r, i) => ({
          standing: { status: r.status, expirationDate: r.expiration_date, usedOn: r.redeemed_on },
          presented: resolved.presented[i],
          redeemed: resolved.redeemed[i],
        })),
        chosen: chosenCodes,
        lineItems,
        dateOfService: body.dateOfService,
        admittedBy: (criteria) => criteria === null || member!.admittedBy(criteria),
        partnerDailyLimit: deps.settings.partnerDailyPointsLimit,
      });
      return {
        status: 200,
        body: {
          expectedPoints: checked.expectedPoints,
          certificates: checked.certificates.map((v, i) => ({
            ...v,
            name: held.rows[i].name,
            amount: Number(held.rows[i].amount),
            category: held.rows[i].display_category,
            status: held.rows[i].redeemed_on ? 'USED' : held.rows[i].status,
            activationDate: activation.get(held.rows[i].certificate_id) ?? null,
            expirationDate: held.rows[i].expiration_date,
          })),
        },
      };
    },
  }),
];
