import type pg from 'pg';
import type { EventOfType } from '../../event-schemas';
import type { EventStore } from '../../event-schemas/store/event-store';
import { consuming, type Projection } from '../../projections/projection';
import type { ProgrammeSettings } from '../config';
import { loadStream } from '../core/command-handler';
import { evolveTreatment, initialTreatmentState, treatmentStream } from './treatment-state';
import { completeVoid } from './void-treatment';

type Consumed = EventOfType<'TreatmentVoided'>;

/**
 * A process on the log: for every void, whatever of its consequences is missing (the server stopped between the claim
 * on the treatment's stream and the member's reversal or a certificate's reinstatement) is decided now. The void route
 * has almost always done it already; the deciders then decide nothing. It owns no tables and is never rebuilt.
 */
export const treatmentVoids = (options: { store: EventStore; pool: pg.Pool; settings: ProgrammeSettings; now: () => Date }): Projection<Consumed> => ({
  name: 'treatment-voids',
  consumes: consuming<Consumed>()('TreatmentVoided'),
  tables: [],
  liveKinds: [],
  async apply(_db, e) {
    const { state } = await loadStream(
      options.store,
      { evolve: evolveTreatment, initialState: initialTreatmentState },
      treatmentStream(e.event.data.treatmentId),
    );
    if (state.kind !== 'recorded') return;
    const { actor, correlationId } = e.metadata;
    await completeVoid(options, state, { actor, correlationId, causationId: state.treatmentId, now: options.now() });
  },
});
