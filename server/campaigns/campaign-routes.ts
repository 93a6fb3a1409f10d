import * as t from 'io-ts';
import { actorOf } from '../auth/caller';
import { ConfigHistorySchema, readConfigHistory } from '../audit/config-history';
import { IntFromString } from '../core/http-codecs';
import { notFound } from '../core/problem';
import { route } from '../core/route';
import type { Deps } from '../deps';
import { CampaignBody, fieldsFromBody, memberView } from './campaign';
import { campaignOfferCounts, createCampaign, endCampaign, findCampaign, listCampaigns, updateCampaign } from './campaign-repository';

const CampaignIdParam = t.type({ id: IntFromString('CampaignId', 'must be a campaign id (a whole number above 0)', (n) => n > 0) });
const MemberCampaign = t.type({
  id: t.number,
  allowReissuance: t.boolean,
  fromDate: t.union([t.string, t.null]),
  thruDate: t.union([t.string, t.null]),
  loginNotificationRequired: t.boolean,
});

/** The admin spec's campaign tool calls (GET/POST/PUT /dr-campaigns and /dr-campaigns/{id}); each change audited. */
export const campaignRoutes = (deps: Deps) => [
  route({
    method: 'get',
    path: '/dr-campaigns',
    tag: 'Campaigns',
    summary: 'Every direct-response campaign, newest first (admins)',
    access: 'admin',
    responses: { 200: { description: 'Campaigns' } },
    handler: async () => ({ status: 200, body: await listCampaigns(deps.pool) }),
  }),
  route({
    // Before /dr-campaigns/:id, which would read "offer-counts" as an id.
    method: 'get',
    path: '/dr-campaigns/offer-counts',
    tag: 'Campaigns',
    summary:
      'Per campaign, how many offers it issued, how many of them members claimed through its link or a patient event issued, and how many were reminded (admins)',
    access: 'admin',
    responses: { 200: { description: 'One row per campaign, newest first' } },
    handler: async () => ({ status: 200, body: await campaignOfferCounts(deps.pool) }),
  }),
  route({
    method: 'get',
    path: '/dr-campaigns/:id',
    tag: 'Campaigns',
    summary: 'One campaign: the whole record for admins; for members only what the member spec shows, and only once it is live',
    access: 'signed-in',
    params: CampaignIdParam,
    responses: {
      200: { description: 'The campaign', schema: t.union([MemberCampaign, t.UnknownRecord]) },
      404: { description: 'Unknown (or, for members, still a draft)' },
    },
    handler: async ({ params, caller }) => {
      const campaign = await findCampaign(deps.pool, params.id);
      const admin = caller.kind === 'participant' && caller.isAdmin;
      if (!campaign || (!admin && campaign.statusTypeCode === 'DRAFT')) throw notFound(`Campaign ${params.id}`);
      return { status: 200, body: admin ? campaign : memberView(campaign) };
    },
  }),
  route({
    method: 'post',
    path: '/dr-campaigns',
    tag: 'Campaigns',
    summary: 'Create a campaign; fields left out take the spec’s draft defaults (status DRAFT, loginNotificationRequired true)',
    access: 'admin',
    body: CampaignBody,
    responses: { 201: { description: 'Created' }, 400: { description: 'Invalid; errors name the fields' } },
    handler: async ({ body, caller }) => ({ status: 201, body: await createCampaign(deps.pool, fieldsFromBody(body), actorOf(caller)) }),
  }),
  route({
    method: 'post',
    path: '/dr-campaigns/:id/end',
    tag: 'Campaigns',
    summary: 'End an ACTIVE campaign (members can no longer claim its offer); an ENDED one is answered as it is, unchanged',
    access: 'admin',
    params: CampaignIdParam,
    responses: {
      200: { description: 'The campaign, ENDED' },
      404: { description: 'Unknown campaign' },
      409: { description: 'A DRAFT campaign has not started: nothing to end' },
    },
    handler: async ({ params, caller }) => ({ status: 200, body: await endCampaign(deps.pool, params.id, actorOf(caller)) }),
  }),
  route({
    method: 'put',
    path: '/dr-campaigns/:id',
    tag: 'Campaigns',
    summary: 'Replace a campaign’s fields (fields left out take the draft defaults)',
    access: 'admin',
    params: CampaignIdParam,
    body: CampaignBody,
    responses: { 200: { description: 'Updated' }, 400: { description: 'Invalid; errors name the fields' }, 404: { description: 'Unknown campaign' } },
    handler: async ({ params, body, caller }) => ({ status: 200, body: await updateCampaign(deps.pool, params.id, fieldsFromBody(body), actorOf(caller)) }),
  }),
  route({
    method: 'get',
    path: '/admin/audit/dr-campaigns/:id',
    tag: 'Admin',
    summary: 'Every change to a campaign, oldest first',
    access: 'admin',
    params: CampaignIdParam,
    responses: { 200: { description: 'Audit entries', schema: ConfigHistorySchema } },
    handler: async ({ params }) => ({ status: 200, body: await readConfigHistory(deps.pool, 'dr-campaign', params.id) }),
  }),
];
