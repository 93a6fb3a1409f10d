import { route } from '../core/route';
import type { Deps } from '../deps';

/**
 * The admin spec's external admin tool link: the browser builds it (it knows the host name it was reached on and the
 * admin's token); the server says which host prefix each portal host name uses, from server/config.ts.
 */
export const externalAdminToolRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/admin/external-admin-tool',
    tag: 'Admin',
    summary: 'The external admin tool’s host prefix per portal host name, and the prefix for any other host (null: no link)',
    access: 'admin',
    responses: { 200: { description: '{ hostPrefixes, defaultPrefix }' } },
    handler: async () => ({ status: 200, body: deps.settings.externalAdminTool }),
  }),
];
