import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { NativeSelect } from '../native-select';
import { blankExpression } from './expression-model';
import { ExpressionEditor } from './expression-editor';
import { groupsApi, type LogicalExpression, type ParticipantField, type ParticipantGroup } from './groups-api';
import { useMemberCount } from './use-member-count';
import './group-editor.css';

/**
 * The participant group of a survey, promotion or campaign: pick an existing group, or write rules joined by
 * "all of these" (AND) or "any of these" (OR), nested to any depth. The member count follows the rules as they are
 * edited. Values are comma-separated (is one of takes several, is between two).
 */
export function GroupEditor({
  groupId,
  onChange,
  onError,
}: {
  groupId: number | null;
  onChange: (groupId: number | null) => void;
  onError: (message: string) => void;
}) {
  const [groups, setGroups] = useState<ParticipantGroup[]>([]);
  // null until the fields' list arrives: the count waits for it, to know whether every rule is complete.
  const [fields, setFields] = useState<ParticipantField[] | null>(null);
  const [name, setName] = useState('');
  const [expression, setExpression] = useState<LogicalExpression>(blankExpression());
  const count = useMemberCount(expression, 400, fields);

  useEffect(() => {
    groupsApi.groups().then(
      (p) => setGroups(p.items),
      () => onError('Could not load the groups'),
    );
    groupsApi.fields().then(setFields, () => onError('Could not load the participant fields'));
  }, [onError]);
  useEffect(() => {
    const group = groups.find((g) => g.id === groupId);
    if (!group) return;
    setName(group.name);
    setExpression(group.logicalExpression);
  }, [groupId, groups]);

  const save = async () => {
    try {
      const saved = groupId
        ? await groupsApi.updateGroup(groupId, name || new Date().toISOString(), expression)
        : await groupsApi.createGroup(name || new Date().toISOString(), expression);
      setGroups((gs) => [...gs.filter((g) => g.id !== saved.id), saved]);
      onChange(saved.id);
    } catch (e) {
      onError(e instanceof Error ? e.message : 'Could not save the group');
    }
  };

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
      <ExpressionEditor root={expression} path={[]} fields={fields ?? []} onChange={setExpression} />
      <p className="group-editor__count" role="status" aria-live="polite">
        {count.state === 'counted'
          ? `${count.memberCount.toLocaleString('en-US')} ${count.memberCount === 1 ? 'member matches' : 'members match'} these rules today`
          : count.state === 'counting'
            ? 'Counting members…'
            : count.message}
      </p>
      <div className="group-editor__actions">
        <Button label={groupId ? 'Save group' : 'Create group'} outlined onClick={() => void save()} />
      </div>
    </fieldset>
  );
}
