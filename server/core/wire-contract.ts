import type * as t from 'io-ts';

/**
 * A compile-time proof that every request body the client may send, as the shared contract declares it
 * (event-schemas/contract/), is one the route's io-ts codec accepts: a codec that starts to require a field the
 * contract lacks, or types one differently, fails `npm run typecheck` instead of failing in the browser. The codec
 * itself stays on the server, so io-ts never reaches the client bundle.
 */
export type AcceptedBody<Codec extends t.Any, Wire extends t.TypeOf<Codec>> = Wire;
