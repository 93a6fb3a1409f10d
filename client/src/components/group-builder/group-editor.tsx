import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { removeAt, replaceAt } from '../../lib/list-edits';
import { participantGroupsApi, type ComparisonExpression, type LogicalExpression, type ParticipantField, type ParticipantGroup } from '../../lib/participant-groups-api';
import { NativeSelect } from '../native-select';
import './group-editor.css';

const blankRule = (): ComparisonExpression => ({ fieldCode: 'postalCode', comparisonOperatorCode: 'EQ', values: [''] });

/**
 * A simple editor for a participant group (used by the survey, campaign and promotion tools): pick an existing group, or write one level of rules joined by
 * AND or OR. Values are comma-separated (IN takes several, BETWEEN two).
 */
export function GroupEditor({ groupId, onChange, onError }: { groupId: number | null; onChange: (groupId: number | null) => void; onError: (message: string) => void }) {
  const [groups, setGroups] = useState<ParticipantGroup[]>([]);
  const [fields, setFields] = useState<ParticipantField[]>([]);
  const [name, setName] = useState('');
  const [operator, setOperator] = useState<LogicalExpression['logicalOperatorCode']>('AND');
  const [rules, setRules] = useState<ComparisonExpression[]>([blankRule()]);

  useEffect(() => {
    participantGroupsApi.groups().then((p) => setGroups(p.items), () => onError('Could not load the groups'));
    participantGroupsApi.fields().then(setFields, () => onError('Could not load the participant fields'));
  }, [onError]);
  useEffect(() => {
    const group = groups.find((g) => g.id === groupId);
    if (!group) return;
    setName(group.name);
    setOperator(group.logicalExpression.logicalOperatorCode);
    setRules(group.logicalExpression.comparisonExpressions.length ? group.logicalExpression.comparisonExpressions : [blankRule()]);
  }, [groupId, groups]);

  const save = async () => {
    const expression: LogicalExpression = { logicalOperatorCode: operator, comparisonExpressions: rules, logicalExpressions: [] };
    try {
      const saved = groupId ? await participantGroupsApi.updateGroup(groupId, name || new Date().toISOString(), expression) : await participantGroupsApi.createGroup(name || new Date().toISOString(), expression);
      setGroups((gs) => [...gs.filter((g) => g.id !== saved.id), saved]);
      onChange(saved.id);
    } catch (e) {
      onError(e instanceof Error ? e.message : 'Could not save the group');
    }
  };
  const operatorsOf = (fieldCode: string) => fields.find((f) => f.fieldCode === fieldCode)?.operators ?? [];

  return (
    <fieldset className="group-editor">
      <legend>Participant group</legend>
      <label htmlFor="survey-group">Offered to</label>
      <NativeSelect<number | null>
        id="survey-group"
        value={groupId}
        options={[{ label: 'Every member', value: null }, ...groups.map((g) => ({ label: g.groupName, value: g.id }))]}
        onChange={onChange}
      />
      <label htmlFor="group-name">Group name</label>
      <InputText id="group-name" value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="group-operator">Members match</label>
      <NativeSelect<'AND' | 'OR'> id="group-operator" value={operator} options={[{ label: 'all rules (AND)', value: 'AND' }, { label: 'any rule (OR)', value: 'OR' }]} onChange={setOperator} />
      {rules.map((r, i) => (
        <div key={i} className="group-editor__rule">
          <NativeSelect<string> aria-label="Field" value={r.fieldCode} options={fields.map((f) => ({ label: f.name, value: f.fieldCode }))} onChange={(fieldCode) => setRules(replaceAt(rules, i, { ...r, fieldCode }))} />
          <NativeSelect<string> aria-label="Operator" value={r.comparisonOperatorCode} options={operatorsOf(r.fieldCode)} onChange={(comparisonOperatorCode) => setRules(replaceAt(rules, i, { ...r, comparisonOperatorCode }))} />
          <InputText aria-label="Values" value={r.values.join(',')} onChange={(e) => setRules(replaceAt(rules, i, { ...r, values: e.target.value.split(',').map((v) => v.trim()) }))} />
          <Button icon="pi pi-trash" text aria-label="Remove rule" onClick={() => setRules(removeAt(rules, i))} disabled={rules.length === 1} />
        </div>
      ))}
      <div className="group-editor__row-actions">
        <Button label="Add rule" text onClick={() => setRules([...rules, blankRule()])} />
        <Button label={groupId ? 'Save group' : 'Create group'} outlined onClick={() => void save()} />
      </div>
    </fieldset>
  );
}
