/*
 * When things happen on a programme date, in UTC. The nightly jobs run at 09:00 UTC (1 or 2 am in the Pacific zone,
 * the programme's default), members and practices act between 16:00 and 22:00 UTC (morning to mid-afternoon there),
 * so every instant falls on the same programme date as its date in the Pacific zone.
 */
export const NIGHTLY_JOB_MINUTE = { 'process-treatments': 0, 'points-expiry': 1, 'certificate-expiry': 2 } as const;
import { addDays } from '../../../event-schemas/calendar';

const pad = (n: number) => String(n).padStart(2, '0');

export const nightly = (date: string, job: keyof typeof NIGHTLY_JOB_MINUTE): string => `${date}T09:${pad(NIGHTLY_JOB_MINUTE[job])}:00.000Z`;

/** A daytime instant: `minute` from 0 to 359 after 16:00 UTC. */
export const daytime = (date: string, minute: number): string => `${date}T${pad(16 + Math.floor(minute / 60))}:${pad(minute % 60)}:00.000Z`;

export const dateOf = (instant: string): string => instant.slice(0, 10);

export const nextDay = (date: string): string => addDays(date, 1);
