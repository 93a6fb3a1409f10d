import { CertificateStockConfirmed, CertificateStockOpened, CertificateStockReleased, CertificateStockReserved } from '../certificate-stock';
import { streamEvents, type EventsOf } from '../stream-events';

/** `stock-{certificateCategoryCode}`: the units of a category with a `totalUseable` that orders have reserved. */
export const stockEvents = streamEvents('stock', [CertificateStockOpened, CertificateStockReserved, CertificateStockReleased, CertificateStockConfirmed]);
export type StockEvent = EventsOf<typeof stockEvents>;
