import { isLeft } from 'fp-ts/Either';
import { certificateStream } from '../../event-schemas';
import { handleCommand, loadForDecision, type CommandContext } from '../core/command-handler';
import { Problem, validationProblem, type FieldError, type ProblemSlug } from '../core/problem';
import type { EventStore } from '../../event-schemas/store/event-store';
import { redeemOnTreatment, releaseRedemption } from '../certificates/redeem-on-treatment';
import type { HeldCertificate } from './resolve-treatment-input';

const fieldOf = (index: number) => `body.redeemedCertificateCodes.${index}`;

/**
 * Uses each held certificate for this treatment, before the treatment is recorded: each use is decided on the
 * certificate's own stream at its revision, so two treatments naming one code use it once. A refusal answers for every
 * code at once (409 naming each used one) and leaves nothing used: the streams are read first, and a use lost to a
 * race after that gives back the uses this call had already taken. A crash between these uses and the treatment's
 * record leaves them held by that treatment's id, which a retry of the same externalId takes up again.
 */
export async function redeemCertificatesOnTreatment(
  store: EventStore,
  treatment: { treatmentId: string; paxId: number; dateOfService: string },
  held: readonly HeldCertificate[],
  ctx: CommandContext,
): Promise<void> {
  const duplicates: FieldError[] = held
    .filter((h, i) => held.findIndex((o) => o.certificateId === h.certificateId) < i)
    .map((h) => ({ path: fieldOf(h.index), message: 'names a certificate already named in this treatment' }));
  if (duplicates.length) throw validationProblem(duplicates);
  const commandOf = (h: HeldCertificate) => ({ ...treatment, field: fieldOf(h.index) });
  const refusals: { slug: ProblemSlug; error: FieldError }[] = [];
  for (const h of held) {
    // Read once: the use below is decided on this state from the cache, with no second read.
    const { state } = await loadForDecision(store, redeemOnTreatment, certificateStream(h.certificateId));
    const decided = redeemOnTreatment.decide(commandOf(h), state);
    if (isLeft(decided)) refusals.push({ slug: decided.left.slug, error: { path: fieldOf(h.index), message: decided.left.message } });
  }
  if (refusals.length) throw refusedProblem(refusals);
  const taken: HeldCertificate[] = [];
  try {
    for (const h of held) {
      await handleCommand(store, redeemOnTreatment, certificateStream(h.certificateId), commandOf(h), ctx);
      taken.push(h);
    }
  } catch (error) {
    for (const h of taken) await handleCommand(store, releaseRedemption, certificateStream(h.certificateId), { treatmentId: treatment.treatmentId }, ctx);
    throw error;
  }
}

/** One answer for every refused code: a conflict when any was already used, else the codes' own refusal. */
function refusedProblem(refusals: { slug: ProblemSlug; error: FieldError }[]): Problem {
  const errors = refusals.map((r) => r.error);
  const slug = refusals.some((r) => r.slug === 'conflict') ? 'conflict' : refusals[0].slug;
  return new Problem(slug, errors.map((e) => `${e.path} ${e.message}`).join('; '), errors);
}
