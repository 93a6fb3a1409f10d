import type * as t from 'io-ts';

/**
 * A compile-time proof that every request body the client may send, as the shared contract declares it
 * (event-schemas/contract/), is one the route's io-ts codec accepts: a codec that starts to require a field the
 * contract lacks, or types one differently, fails `npm run typecheck` instead of failing in the browser. The codec
 * itself stays on the server, so io-ts never reaches the client bundle.
 */
export type AcceptedBody<Codec extends t.Any, Wire extends t.TypeOf<Codec>> = Wire;

/**
 * A compile-time proof that what the server answers (its own, possibly narrower type) is the shape the contract
 * declares: a field the server drops or renames, or one the contract adds, fails `npm run typecheck`.
 */
export type Answers<Server extends Wire, Wire> = Server;

/** Fails the type-check unless its argument is `true`. */
export type Expect<T extends true> = T;
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;

/**
 * For a body whose codec is narrower than the contract's type (a brand code the contract calls a string): the codec
 * and the contract name the same fields, and whatever the codec accepts is of the contract's type. Use it as
 * `Expect<BodyMatches<typeof Codec, Wire>>`.
 */
export type BodyMatches<Codec extends t.Any, Wire> = SameKeys<t.TypeOf<Codec>, Wire> extends true ? (t.TypeOf<Codec> extends Wire ? true : false) : false;
