import { useEffect, useState } from 'react';
import { isApiError, problemMessage } from '../../../lib/problem';
import { memberCareApi, type Contacts, type MemberRecord, type PointsSummary, type Timeline } from '../api/member-care-api';

type Loaded<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed'; message: string };

const failure = (error: unknown, what: string) => ({
  status: 'failed' as const,
  message: error instanceof Error ? error.message : `${what} could not be loaded`,
});

export interface MemberProfile {
  member: MemberRecord;
  contacts: Contacts;
  points: PointsSummary;
}

/** A member whose personal data was erased (the server answers 410 with when): only their ledger is left to show. */
export type MemberProfileState = Loaded<MemberProfile> | { status: 'erased'; message: string };

/** The member's record, contacts and current balance, read together once per member (again when `version` moves). */
export function useMemberProfile(paxId: number, version = 0): MemberProfileState {
  const [state, setState] = useState<MemberProfileState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    Promise.all([memberCareApi.member(paxId), memberCareApi.contacts(paxId), memberCareApi.points(paxId)]).then(
      ([member, contacts, points]) => live && setState({ status: 'done', value: { member, contacts, points } }),
      (error: unknown) => {
        if (!live) return;
        if (isApiError(error, 410)) setState({ status: 'erased', message: problemMessage(error.problem) });
        else setState(failure(error, 'The member'));
      },
    );
    return () => {
      live = false;
    };
  }, [paxId, version]);
  return state;
}

/** The support replay of the member's stream, up to the end of `asOf` when given. */
export function useTimeline(paxId: number, asOf: string): Loaded<Timeline> {
  const [state, setState] = useState<Loaded<Timeline>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    memberCareApi.timeline(paxId, asOf).then(
      (value) => live && setState({ status: 'done', value }),
      (error: unknown) => live && setState(failure(error, 'The history')),
    );
    return () => {
      live = false;
    };
  }, [paxId, asOf]);
  return state;
}
