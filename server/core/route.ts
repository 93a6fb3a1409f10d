import type { Request, Response } from 'express';
import * as t from 'io-ts';
import type { Caller } from '../auth/caller';

/** `signed-in-or-practice`: any signed-in participant, or a practice by its API key (e.g. the product list). */
export type Access = 'public' | 'signed-in' | 'admin' | 'practice-or-admin' | 'signed-in-or-practice' | 'practice' | 'practice-staff' | 'practice-admin';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: Caller;
  req: Request;
  res: Response;
}

export interface RouteSpec<P extends t.Any, Q extends t.Any, B extends t.Any> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path under the mount point, e.g. `/participants/:paxId/points`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  responses: Record<number, { description: string; schema?: t.Any; contentType?: string }>;
  /** Answers a reply, or 'streamed' when it wrote the response itself (SSE). */
  handler: (input: RouteInput<t.TypeOf<P>, t.TypeOf<Q>, t.TypeOf<B>>) => Promise<Reply | 'streamed'>;
}

export type AnyRoute = RouteSpec<t.Any, t.Any, t.Any> & { mount: string };

/** Declares a route once: the same codecs decode its requests and describe it in /api/rest/openapi.json. */
export const route = <P extends t.Any = t.UnknownRecordC, Q extends t.Any = t.UnknownRecordC, B extends t.Any = t.UnknownRecordC>(
  spec: RouteSpec<P, Q, B>,
  mount: '/api/rest' | '/api' | '' = '/api/rest',
): AnyRoute => ({ ...(spec as unknown as RouteSpec<t.Any, t.Any, t.Any>), mount });
