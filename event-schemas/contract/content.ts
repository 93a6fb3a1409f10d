import type { PageName } from './promotions';

// The content admin calls' wire shapes (GET /content, POST /content/insert, PUT /content/update), declared once: the
// content repository builds them and the content admin and the promotion wizard read and send them.

/** A content entry as the content admin calls answer it. */
export interface ContentEntry {
  id: string;
  contentType: string;
  fields: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

/** The body of POST /content/insert: a new entry, its id chosen by the caller. */
export type NewContentEntry = Pick<ContentEntry, 'id' | 'contentType' | 'fields'>;

/** The body of PUT /content/update: the entry's fields replaced. */
export type ContentUpdate = Pick<ContentEntry, 'id' | 'fields'>;

/** The content entry of one promotion page (content type promotionWebsite), as the promotion wizard writes it. */
export interface PromotionPageEntry extends NewContentEntry {
  contentType: 'promotionWebsite';
  fields: { promotionId: string; page: PageName; title: string; paragraphs?: string[]; questions?: { question: string; answer: string }[] };
}
