/** Stream names follow EventStoreDB's `category-id` convention, so both adapters and `$ce-` projections agree. */
export const streamCategories = ['member', 'certificate', 'treatment', 'promotion', 'survey', 'order', 'campaign', 'stock', 'enrollment'] as const;
export type StreamCategory = (typeof streamCategories)[number];

export const streamName = (category: StreamCategory, id: string | number): string => `${category}-${id}`;
export const memberStream = (paxId: number) => streamName('member', paxId);
export const certificateStream = (certificateId: string) => streamName('certificate', certificateId);
/** What the member agreed to on joining (TermsAccepted). */
export const enrollmentStream = (paxId: number) => streamName('enrollment', paxId);
export const promotionStream = (promotionId: string) => streamName('promotion', promotionId);
/** A category's stock, by the code the catalogue holds (codes are unique ignoring case, so the stored spelling is the one). */
export const stockStream = (certificateCategoryCode: string) => streamName('stock', certificateCategoryCode);

export const parseStreamName = (name: string): { category: string; id: string } => {
  const dash = name.indexOf('-');
  return dash < 0 ? { category: name, id: '' } : { category: name.slice(0, dash), id: name.slice(dash + 1) };
};
