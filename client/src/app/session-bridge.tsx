import type { LiveTicket } from '../../../event-schemas/contract/programme-info';
import { useEffect } from 'react';
import { api } from '../lib/api';
import { openLiveStream } from '../lib/live-stream';
import { useSession, useSessionActor } from '../session/session-provider';
import { practiceOf } from '../session/practice-session';
import { liveCertificateReceived, type CertificateItem } from '../stores/certificates';
import { liveActivityReceived } from '../stores/live-activity';
import { reportsChanged } from '../stores/live-reports';
import { liveReplayLost } from '../stores/live-resync';
import { fetchParticipantFx } from '../stores/participant';
import { livePointsReceived, pointsRequested, type PointsChanged } from '../stores/points';
// Imported with the app rather than a page: the promotion list loads on the first authentication (spec section 4).
import { promotionsChanged } from '../stores/promotions';

const isPointsChanged = (data: unknown): data is PointsChanged =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as PointsChanged).paxId === 'number' &&
  typeof (data as PointsChanged).balance === 'number' &&
  typeof (data as PointsChanged).pending === 'number';

const isCertificate = (data: unknown): data is CertificateItem =>
  typeof data === 'object' && data !== null && typeof (data as CertificateItem).id === 'string' && typeof (data as CertificateItem).amount === 'number';

/** Wires the session to what lives beside it: the live stream while signed in, and the participant record. */
export function SessionBridge() {
  const actor = useSessionActor();
  const { status, token, pax, revalidate } = useSession();
  const paxId = pax?.paxId;

  useEffect(
    () =>
      fetchParticipantFx.doneData.watch((pax) => {
        actor.send({ type: 'PAX_UPDATED', pax });
      }),
    [actor],
  );

  useEffect(() => {
    if (status !== 'authenticated' || !token || paxId === undefined || practiceOf(pax)) return;
    const stream = openLiveStream({
      fetchTicket: async () => (await api.post<LiveTicket>('/api/rest/live/tickets', undefined, { token, quiet: true })).ticket,
      onEvent: (type, data) => {
        if (type === 'points' && isPointsChanged(data)) livePointsReceived(data);
        else if (type === 'certificate' && isCertificate(data)) liveCertificateReceived(data);
        else if (type === 'activity') liveActivityReceived(data);
        else if (type === 'promotions') promotionsChanged();
        else if (type === 'reports') reportsChanged();
        else if (type === 'resync') liveReplayLost();
      },
      onOpen: () => {
        // An award made between the first read and the stream opening would otherwise never show.
        pointsRequested(paxId);
        // Promotion changes are not replayed, and the sign-in's own load may have read the tiles before this stream
        // was listening: every (re)connect reads them again (the newest answer wins).
        promotionsChanged();
        // Nor are report changes: an open insight screen reads its figures again.
        reportsChanged();
      },
      onUnauthorized: revalidate,
    });
    return () => stream.close();
  }, [status, token, paxId, pax, revalidate]);

  return null;
}
