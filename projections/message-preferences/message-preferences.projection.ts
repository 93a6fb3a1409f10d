import type { EventOfType } from '../../event-schemas';
import { consuming, type Projection } from '../projection';

/**
 * Each member's consent to marketing messages as of their latest change: what a campaign's enqueue joins against.
 * A member with no row has never changed it (the defaults: e-mail yes, texts no).
 */
type Consumed = EventOfType<'MessagePreferencesChanged' | 'MemberErased'>;

export const messagePreferencesProjection: Projection<Consumed> = {
  name: 'message-preferences',
  consumes: consuming<Consumed>()('MessagePreferencesChanged', 'MemberErased'),
  tables: ['rm_message_preferences'],
  liveKinds: [],
  async apply(db, e) {
    // An erased member's consent choices go with them (no one is left to message).
    if (e.event.type === 'MemberErased') {
      await db.query('DELETE FROM rm_message_preferences WHERE pax_id = $1', [e.event.data.paxId]);
      return { paxIds: [] };
    }
    const d = e.event.data;
    await db.query(
      `INSERT INTO rm_message_preferences (pax_id, email_marketing, sms_marketing, changed_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (pax_id) DO UPDATE SET email_marketing = $2, sms_marketing = $3, changed_at = $4`,
      [d.paxId, d.emailMarketing, d.smsMarketing, e.metadata.occurredAt],
    );
    return { paxIds: [d.paxId] };
  },
};
