import { startTestServer, type TestServer } from '../../support/test-server';
import { surveyBody } from './survey-fixtures';

// Each file starts a server on a fresh, seeded database; under a full parallel run that alone can take seconds.
jest.setTimeout(30_000);

let s: TestServer;
let admin: { token: string; paxId: number };
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@example.com');
});
afterAll(() => s.stop());

const asAdmin = (method: string, path: string, body?: unknown) => s.call(method, `/api/rest${path}`, { token: admin.token, body });

describe('survey administration', () => {
  it('creates a survey with the spec defaults and ACTIVE status, and audits it', async () => {
    const created = await asAdmin('POST', '/tests', surveyBody());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      statusTypeCode: 'ACTIVE',
      pointIssuanceDisabled: false,
      testTypeCode: 'SURVEY',
      maxAttempts: 50,
      thruDate: null,
      groupIds: [],
    });
    expect(created.body.fromDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created.body.sections[0].questions[0]).toMatchObject({ maxAnswers: 1, requiredAnswers: 1, questionTypeCode: 'MULTIPLE_ONE' });
    const audit = await asAdmin('GET', `/tests/${created.body.id}/audit`);
    expect(audit.body).toEqual([expect.objectContaining({ action: 'create', before: null, actor: { kind: 'admin', adminId: admin.paxId } })]);
    const fetched = await asAdmin('GET', `/tests/${created.body.id}`);
    expect(fetched.body).toEqual(created.body);
  });

  it('is PENDING when a group is given and flagged, ACTIVE otherwise', async () => {
    const group = await asAdmin('POST', '/participants/search', {
      name: 'Irvine',
      logicalExpression: {
        logicalOperatorCode: 'AND',
        comparisonExpressions: [{ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: ['92612'] }],
        logicalExpressions: [],
      },
    });
    expect(group.status).toBe(201);
    const flagged = await asAdmin('POST', '/tests', surveyBody({ groupIds: [group.body.id], pendingApproval: true }));
    expect(flagged.body.statusTypeCode).toBe('PENDING');
    const noGroup = await asAdmin('POST', '/tests', surveyBody({ pendingApproval: true }));
    expect(noGroup.body.statusTypeCode).toBe('ACTIVE');
    const updated = await asAdmin('PUT', `/tests/${flagged.body.id}`, { ...flagged.body, statusTypeCode: undefined, pendingApproval: false });
    expect(updated.body.statusTypeCode).toBe('ACTIVE');
  });

  it('updates keeping question ids, and records before and after', async () => {
    const created = await asAdmin('POST', '/tests', surveyBody());
    const edited = structuredClone(created.body);
    edited.name = 'Renamed';
    edited.sections[0].questions[0].text = 'Pick exactly one';
    const updated = await asAdmin('PUT', `/tests/${created.body.id}`, { ...edited, statusTypeCode: 'NEW' });
    expect(updated.status).toBe(200);
    expect(updated.body.sections[0].questions[0]).toMatchObject({ id: created.body.sections[0].questions[0].id, text: 'Pick exactly one' });
    expect(updated.body.statusTypeCode).toBe('NEW');
    const audit = await asAdmin('GET', `/tests/${created.body.id}/audit`);
    expect(audit.body[1]).toMatchObject({ action: 'update', before: { name: 'Quick pulse' }, after: { name: 'Renamed' } });
  });

  it('copies (NEW, " - Copy", no groups), inactivates and deletes', async () => {
    const group = await asAdmin('POST', '/participants/search', {
      logicalExpression: {
        logicalOperatorCode: 'OR',
        comparisonExpressions: [{ fieldCode: 'ageYears', comparisonOperatorCode: 'GTE', values: [18] }],
        logicalExpressions: [],
      },
    });
    const original = await asAdmin('POST', '/tests', surveyBody({ groupIds: [group.body.id] }));
    const copy = await asAdmin('POST', `/tests/${original.body.id}/copy`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Quick pulse - Copy', statusTypeCode: 'NEW', groupIds: [] });
    expect(copy.body.id).not.toBe(original.body.id);
    expect(copy.body.sections[0].questions[0].id).not.toBe(original.body.sections[0].questions[0].id);
    const inactive = await asAdmin('PUT', `/tests/inactivate/${original.body.id}`);
    expect(inactive.body.statusTypeCode).toBe('INACTIVE');
    const deleted = await asAdmin('DELETE', `/tests/${copy.body.id}`);
    expect(deleted.body.statusTypeCode).toBe('DELETED');
    const listed = await asAdmin('GET', '/tests?status=DELETED');
    expect(listed.body.map((t: { id: number }) => t.id)).toEqual([copy.body.id]);
    expect((await asAdmin('DELETE', `/tests/${copy.body.id}`)).status).toBe(404);
    const actions = (await asAdmin('GET', `/tests/${original.body.id}/audit`)).body.map((a: { action: string }) => a.action);
    expect(actions).toEqual(['create', 'inactivate']);
    const rows = await s.runtime.deps.pool.query(`SELECT action FROM config_audit WHERE entity = 'survey' AND entity_id = $1 ORDER BY id`, [
      String(copy.body.id),
    ]);
    expect(rows.rows.map((r) => r.action)).toEqual(['copy', 'delete']);
  });

  it('lists test types filtered by display status', async () => {
    const types = await asAdmin('GET', '/types/tests?search=displayStatusTypeCode==ACTIVE');
    expect(types.body.items.map((t: { code: string }) => t.code)).toEqual(['SURVEY', 'TEST']);
  });

  it('rejects invalid surveys naming the field', async () => {
    const bad = await asAdmin(
      'POST',
      '/tests',
      surveyBody({
        thruDate: '2000-01-01',
        sections: [
          {
            questions: [
              { questionTypeCode: 'MULTIPLE_CHOICE', maxAnswers: 1, requiredAnswers: 2, text: 'Q', answers: [{ text: 'a' }] },
              { questionTypeCode: 'ESSAY', text: 'Q', answers: [] },
            ],
          },
        ],
      }),
    );
    expect(bad.status).toBe(400);
    const paths = bad.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.sections.0.questions.1.questionTypeCode']));
    const rules = await asAdmin(
      'POST',
      '/tests',
      surveyBody({
        thruDate: '2000-01-01',
        sections: [{ questions: [{ questionTypeCode: 'MULTIPLE_CHOICE', maxAnswers: 1, requiredAnswers: 2, text: 'Q', answers: [{ text: 'a' }] }] }],
      }),
    );
    expect(rules.status).toBe(400);
    expect(rules.body.errors.map((e: { path: string }) => e.path)).toEqual(['body.thruDate', 'body.sections.0.questions.0.requiredAnswers']);
    const unknownGroup = await asAdmin('POST', '/tests', surveyBody({ groupIds: [999999] }));
    expect(unknownGroup.body.errors).toEqual([{ path: 'body.groupIds.0', message: 'is not a participant group' }]);
  });

  it('refuses anonymous callers (401) and members (403)', async () => {
    const member = await s.enroll();
    expect((await s.call('GET', '/api/rest/tests')).status).toBe(401);
    expect((await s.call('GET', '/api/rest/tests', { token: member.token })).status).toBe(403);
    expect((await s.call('POST', '/api/rest/tests', { token: member.token, body: surveyBody() })).status).toBe(403);
    expect((await s.call('GET', '/api/rest/groups', { token: member.token })).status).toBe(403);
  });
});

describe('participant groups', () => {
  it('creates, reads, updates, lists, deletes, and audits', async () => {
    const fields = await asAdmin('GET', '/participants/search/fields');
    expect(fields.body.map((f: { fieldCode: string }) => f.fieldCode)).toContain('postalCode');
    const expr = {
      logicalOperatorCode: 'AND',
      comparisonExpressions: [{ fieldCode: 'emailDomain', comparisonOperatorCode: 'EQ', values: ['example.com'] }],
      logicalExpressions: [],
    };
    const created = await asAdmin('POST', '/participants/search', { name: 'Trial group alpha', logicalExpression: expr });
    const updated = await asAdmin('PUT', `/participants/search/${created.body.id}`, { name: 'Trial group beta', logicalExpression: expr });
    expect(updated.body.name).toBe('Trial group beta');
    expect((await asAdmin('GET', `/participants/search/${created.body.id}`)).body.name).toBe('Trial group beta');
    const page = await asAdmin('GET', '/groups?search=trial%20group&page=1&size=1000&sort=groupName');
    expect(page.body).toMatchObject({ page: 1, size: 1000, totalElements: 1, items: [{ id: created.body.id, groupName: 'Trial group beta' }] });
    expect((await asAdmin('DELETE', `/groups/${created.body.id}`)).status).toBe(204);
    expect((await asAdmin('GET', `/participants/search/${created.body.id}`)).status).toBe(404);
    const rows = await s.runtime.deps.pool.query(`SELECT action FROM config_audit WHERE entity = 'participant-group' AND entity_id = $1 ORDER BY id`, [
      String(created.body.id),
    ]);
    expect(rows.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
  });

  it('rejects a rule with an unknown field or a wrong operator', async () => {
    const bad = await asAdmin('POST', '/participants/search', {
      logicalExpression: {
        logicalOperatorCode: 'AND',
        comparisonExpressions: [
          { fieldCode: 'shoeSize', comparisonOperatorCode: 'EQ', values: ['9'] },
          { fieldCode: 'ageYears', comparisonOperatorCode: 'CONTAINS', values: ['3'] },
        ],
        logicalExpressions: [],
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'body.logicalExpression.comparisonExpressions.0.fieldCode',
      'body.logicalExpression.comparisonExpressions.1.comparisonOperatorCode',
    ]);
  });
});
