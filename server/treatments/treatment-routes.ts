import type { ConfirmationBody, ConfirmationView, TreatmentConfirmed } from '../../event-schemas/contract/treatment-confirmation';
import type { AcceptedBody } from '../../event-schemas/contract/wire-checks';
import { correlationId } from '../operations/request-context';
import * as t from 'io-ts';
import { boundedString, Uuid } from '../../event-schemas/primitives';
import { actorOf } from '../auth/caller';
import { newToken } from '../auth/tokens';
import { addDaysToInstant, dateIn } from '../../event-schemas/calendar';
import { handleCommand, loadStream } from '../core/command-handler';
import { deterministicUuid } from '../core/deterministic-id';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { enqueue } from '../mail/outbox';
import { formatPosition, type Position } from '../../event-schemas/store/position';
import type { Caller } from '../auth/caller';
import { APPROVAL_LINK_DAYS, confirmTreatment, hashApprovalToken, linkState } from './confirm-treatment';
import { portalLink } from '../config';
import { estimatePoints } from './earning-rules';
import { recordTreatment, RecordTreatmentBody } from './record-treatment';
import { resolveCertificates, resolveLineItems } from './resolve-treatment-input';
import { assertRedeemable } from '../certificate-categories/assert-redeemable';
import { evolveTreatment, initialTreatmentState, treatmentStream } from './treatment-state';
import { redeemCertificatesOnTreatment } from './redeem-certificates';

/** The confirmation page sends the contract's body (event-schemas/contract/treatment-confirmation.ts); the codec accepts it. */
const ConfirmBody = t.type({ token: boundedString(200) });
export type ConfirmBodyAccepted = AcceptedBody<typeof ConfirmBody, ConfirmationBody>;

const Accepted = t.type({ treatmentId: t.string, status: t.string });
const ConfirmationView = t.intersection([
  t.type({ link: t.keyof({ ready: null, 'already-confirmed': null, expired: null, invalid: null }) }),
  t.partial({ treatment: t.unknown }),
]);

async function contactsOf(deps: Deps, paxId: number) {
  const [emails, phones] = await Promise.all([
    deps.pool.query<{ email_address: string }>(`SELECT email_address FROM participant_emails WHERE pax_id = $1 ORDER BY preferred DESC, id LIMIT 1`, [paxId]),
    deps.pool.query<{ phone: string }>(`SELECT phone FROM participant_phones WHERE pax_id = $1 ORDER BY preferred DESC, id LIMIT 1`, [paxId]),
  ]);
  return { email: emails.rows[0]?.email_address, phone: phones.rows[0]?.phone };
}

export const treatmentRoutes = (deps: Deps) => [
  route({
    method: 'post',
    path: '/treatments',
    tag: 'Treatments',
    summary: 'A practice reports a treatment (x-api-key, or an admin token); idempotent by externalId per practice',
    access: 'practice-or-admin',
    body: RecordTreatmentBody,
    responses: {
      202: { description: 'Recorded', schema: Accepted },
      200: { description: 'Already recorded with this externalId', schema: Accepted },
      400: {
        description:
          "Invalid fields, unknown paxId or productId, a future dateOfService, more of a category's certificates than one treatment may redeem, or a certificate before its activation day",
      },
      403: { description: "not-eligible: the member does not meet a redeemed certificate's variant redemption criteria" },
      409: {
        description: 'A redeemed certificate was already used on another treatment (the error names body.redeemedCertificateCodes.{i}); nothing is recorded',
      },
    },
    handler: async ({ body, caller }) => {
      const r = await reportTreatment(deps, body, caller);
      const answer = { treatmentId: r.treatmentId, status: r.status };
      if (!r.recorded) return { status: 200, body: answer };
      return { status: 202, body: answer, headers: r.position ? { 'x-position': formatPosition(r.position) } : undefined };
    },
  }),
  route({
    method: 'post',
    path: '/treatments/:id/confirm',
    tag: 'Treatments',
    summary: 'The patient confirms a financed treatment with the single-use token from the e-mail or text',
    access: 'public',
    params: t.type({ id: Uuid }),
    body: ConfirmBody,
    responses: {
      200: { description: 'Confirmed: the treatment is now PENDING', schema: Accepted },
      400: { description: 'Bad or used token' },
      404: { description: 'Unknown treatment' },
      410: { description: 'The link has expired' },
    },
    handler: async ({ params, body, caller }) => {
      const stream = treatmentStream(params.id);
      const existing = await loadStream(deps.store, { evolve: evolveTreatment, initialState: initialTreatmentState }, stream);
      if (existing.state.kind !== 'recorded') throw notFound(`Treatment ${params.id}`);
      const paxId = existing.state.paxId;
      // Whoever follows the link acts for the patient who received it.
      const actor = caller.kind === 'anonymous' ? ({ kind: 'participant', paxId } as const) : actorOf(caller);
      const now = deps.now();
      const result = await handleCommand(
        deps.store,
        confirmTreatment,
        stream,
        { token: body.token, at: now.toISOString() },
        { actor, correlationId: correlationId(), now },
      );
      return {
        status: 200,
        body: { treatmentId: params.id, status: result.state.kind === 'recorded' ? result.state.status : 'PENDING' } satisfies TreatmentConfirmed,
      };
    },
  }),
  route({
    method: 'get',
    path: '/treatments/:id/confirmation',
    tag: 'Treatments',
    summary:
      'What a confirmation link would confirm, without using it: the treatment when the token is valid, otherwise only whether it was used, has expired or is invalid',
    access: 'public',
    params: t.type({ id: Uuid }),
    query: t.type({ token: boundedString(200) }),
    responses: { 200: { description: 'The link and, while it is usable or after it was used, the treatment it confirms', schema: ConfirmationView } },
    handler: async ({ params, query }) => {
      const { state } = await loadStream(deps.store, { evolve: evolveTreatment, initialState: initialTreatmentState }, treatmentStream(params.id));
      const link = linkState(state, query.token, deps.now().toISOString());
      // Nothing about the treatment leaves the server for a token that never belonged to it.
      if (state.kind !== 'recorded' || link === 'invalid' || link === 'expired') return { status: 200, body: { link } satisfies ConfirmationView };
      const practice =
        state.practiceId === null ? null : await deps.pool.query<{ name: string }>('SELECT name FROM practices WHERE practice_id = $1', [state.practiceId]);
      return {
        status: 200,
        body: {
          link,
          treatment: {
            treatmentId: state.treatmentId,
            dateOfService: state.dateOfService,
            practiceName: practice?.rows[0]?.name ?? null,
            hcpName: state.hcpName,
            products: state.lineItems.map((l) => ({ name: l.productName, quantity: l.quantity })),
            expectedPoints: state.expectedPoints,
            status: state.status,
          },
        } satisfies ConfirmationView,
      };
    },
  }),
];

export interface ReportedTreatment {
  /** False when this externalId was already recorded (then nothing new is written). */
  recorded: boolean;
  treatmentId: string;
  status: string;
  expectedPoints: number;
  position?: Position;
}

/**
 * Records a treatment for a practice (its API key or its staff) or an admin: idempotent by (practice, externalId).
 * The certificates it names are used first, each on its own stream; then the treatment is recorded.
 */
export async function reportTreatment(deps: Deps, body: RecordTreatmentBody, caller: Caller): Promise<ReportedTreatment> {
  const practiceId = caller.kind === 'practice' ? caller.practiceId : (body.practiceId ?? null);
  const treatmentId = deterministicUuid(`treatment|${practiceId ?? 'admin'}|${body.externalId.trim()}`);
  const stream = treatmentStream(treatmentId);
  const now = deps.now();
  // Three independent reads at once (a front desk waits on each round trip). A ticket recorded before answers as it
  // was, whatever the reads of its body now say (a product retired since must not turn a retry into a 400).
  const [existingRead, linesRead, certificatesRead] = await Promise.allSettled([
    loadStream(deps.store, { evolve: evolveTreatment, initialState: initialTreatmentState }, stream),
    resolveLineItems(deps.pool, body, dateIn(deps.settings.timeZone, now)),
    resolveCertificates(deps.pool, body.redeemedCertificateCodes ?? [], body.paxId, deps.settings.timeZone),
  ]);
  if (existingRead.status === 'rejected') throw existingRead.reason;
  const existing = existingRead.value;
  if (existing.state.kind === 'recorded') return { recorded: false, treatmentId, status: existing.state.status, expectedPoints: existing.state.expectedPoints };
  if (linesRead.status === 'rejected') throw linesRead.reason;
  if (certificatesRead.status === 'rejected') throw certificatesRead.reason;
  const lineItems = linesRead.value;
  const { redeemed: redeemedCertificates, presented, held } = certificatesRead.value;
  await assertRedeemable(deps.pool, { paxId: body.paxId, dateOfService: body.dateOfService, presented, today: dateIn(deps.settings.timeZone, now) });
  const financed = body.financed ?? false;
  const contacts: { email?: string; phone?: string } = financed ? await contactsOf(deps, body.paxId) : {};
  const token = financed ? newToken() : null;
  const ctx = { actor: actorOf(caller), correlationId: correlationId(), now };
  await redeemCertificatesOnTreatment(deps.store, { treatmentId, paxId: body.paxId, dateOfService: body.dateOfService }, held, ctx);
  const result = await handleCommand(
    deps.store,
    recordTreatment,
    stream,
    {
      treatmentId,
      externalId: body.externalId.trim(),
      practiceId,
      paxId: body.paxId,
      dateOfService: body.dateOfService,
      hcpName: body.hcpName.trim(),
      financed,
      lineItems,
      redeemedCertificates,
      expectedPoints: estimatePoints(lineItems, redeemedCertificates, deps.settings.partnerDailyPointsLimit),
      approvalTokenHash: token ? hashApprovalToken(token) : null,
      approvalChannels: [...(contacts.email ? (['email'] as const) : []), ...(contacts.phone ? (['sms'] as const) : [])],
      approvalExpiresAt: token ? addDaysToInstant(now, APPROVAL_LINK_DAYS).toISOString() : undefined,
    },
    ctx,
  );
  const status = result.state.kind === 'recorded' ? result.state.status : 'PENDING';
  // A concurrent twin got there first: it recorded (and sends any link); this call records nothing.
  if (result.appended.length === 0)
    return { recorded: false, treatmentId, status, expectedPoints: result.state.kind === 'recorded' ? result.state.expectedPoints : 0 };
  if (token) {
    const link = portalLink(deps.settings, `/treatments/${treatmentId}/confirm?token=${token}`);
    const text = `Please confirm your financed treatment of ${body.dateOfService} with ${body.hcpName.trim()} so its points can be processed (the link works for ${APPROVAL_LINK_DAYS} days): ${link}`;
    if (contacts.email) await enqueue(deps.pool, { channel: 'email', recipient: contacts.email, subject: 'Confirm your treatment', body: text });
    // A text must fit two segments (server/messaging/sms-text.ts): no practitioner's name, whose length is not ours to bound.
    const sms = `Confirm your financed treatment of ${body.dateOfService} so its points can be processed: ${link}`;
    if (contacts.phone) await enqueue(deps.pool, { channel: 'sms', recipient: contacts.phone, subject: 'Confirm your treatment', body: sms });
  }
  return {
    recorded: true,
    treatmentId,
    status,
    expectedPoints: result.state.kind === 'recorded' ? result.state.expectedPoints : 0,
    ...(result.position ? { position: result.position } : {}),
  };
}
