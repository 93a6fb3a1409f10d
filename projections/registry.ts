import { memberPointsProjection } from './member-points/member-points.projection';
import type { Projection } from './projection';

/** Every read model the server keeps live. Order does not matter: each has its own checkpoint. */
export const allProjections: Projection[] = [memberPointsProjection];

export const projectionByName = (name: string): Projection | undefined => allProjections.find((p) => p.name === name);
