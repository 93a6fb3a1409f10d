import type { DomainEvent, EventOfType } from '../event-schemas';
import type { ProjectedEvent, Touched } from './projection';

type Erased = EventOfType<'MemberErased'>;

/**
 * Applies a batch with each MemberErased in its place (issue 25, item 4): the events before it are applied (and
 * written) first, then the read model blanks what it holds about the member, then the events after it. So an award
 * projected in the same batch as the erasure cannot bring a description back, and a rebuild ends the same as live.
 * A batch without an erasure is applied whole, as before.
 */
export async function applyAroundErasures<E extends DomainEvent>(
  events: ProjectedEvent<E | Erased>[],
  applyRun: (run: ProjectedEvent<Exclude<E, Erased>>[]) => Promise<Touched | void>,
  erase: (paxId: number, e: ProjectedEvent<Erased>) => Promise<void>,
): Promise<Touched> {
  const touched = new Set<number>();
  let run: ProjectedEvent<Exclude<E, Erased>>[] = [];
  const flush = async () => {
    if (run.length) for (const p of (await applyRun(run))?.paxIds ?? []) touched.add(p);
    run = [];
  };
  for (const e of events) {
    if (isErasure(e)) {
      await flush();
      await erase(e.event.data.paxId, e);
      touched.add(e.event.data.paxId);
    } else run.push(e as ProjectedEvent<Exclude<E, Erased>>);
  }
  await flush();
  return { paxIds: [...touched] };
}

const isErasure = (e: ProjectedEvent): e is ProjectedEvent<Erased> => e.event.type === 'MemberErased';
