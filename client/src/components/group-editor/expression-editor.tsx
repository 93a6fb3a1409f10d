import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { NativeSelect } from '../native-select';
import type { LogicalExpression, ParticipantField } from './groups-api';
import {
  addGroup,
  addRule,
  hasContent,
  operatorForField,
  operatorLabel,
  parseValues,
  removeGroup,
  removeRule,
  setOperator,
  setRule,
  valuesHint,
  type GroupPath,
} from './expression-model';

/**
 * One level of a group's expression: its rules and its nested groups, each nested group edited by this same
 * component, to any depth. `root` is the whole expression; every edit answers a new whole expression.
 */
export function ExpressionEditor({
  root,
  path,
  fields,
  onChange,
  idPrefix = 'group-expr',
  title = 'Rules',
}: {
  root: LogicalExpression;
  path: GroupPath;
  fields: ParticipantField[];
  onChange: (e: LogicalExpression) => void;
  /** Distinguishes the ids of several editors on one page (a variant's criteria beside the category's group). */
  idPrefix?: string;
  /** The legend of the top level, naming what the rules decide. */
  title?: string;
}) {
  const here = path.reduce((e, i) => e.logicalExpressions[i], root);
  const depth = path.length;
  const label = depth === 0 ? 'Members match' : `Nested group ${path.map((i) => i + 1).join('.')} matches`;
  const idBase = `${idPrefix}-${path.join('-') || 'top'}`;
  const fieldOf = (code: string) => fields.find((f) => f.fieldCode === code);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const nested = `nested group ${path.map((i) => i + 1).join('.')}`;
  const remove = () => {
    setConfirmRemove(false);
    onChange(removeGroup(root, path));
  };

  return (
    <fieldset className={`group-expression group-expression--depth-${Math.min(depth, 4)}`}>
      <legend>{depth === 0 ? title : `Nested group ${path.map((i) => i + 1).join('.')}`}</legend>
      <label htmlFor={`${idBase}-op`}>{label}</label>
      <NativeSelect<'AND' | 'OR'>
        id={`${idBase}-op`}
        value={here.logicalOperatorCode}
        options={[
          { label: 'all of these (AND)', value: 'AND' },
          { label: 'any of these (OR)', value: 'OR' },
        ]}
        onChange={(op) => onChange(setOperator(root, path, op))}
      />
      {here.comparisonExpressions.map((r, i) => {
        const field = fieldOf(r.fieldCode);
        const hint = valuesHint(r.comparisonOperatorCode);
        const n = `rule ${i + 1}${depth ? ` of nested group ${path.map((p) => p + 1).join('.')}` : ''}`;
        return (
          <div key={i} className="group-editor__rule">
            <NativeSelect<string>
              aria-label={`Field, ${n}`}
              value={r.fieldCode}
              options={fields.map((f) => ({ label: f.name, value: f.fieldCode }))}
              onChange={(fieldCode) =>
                onChange(
                  setRule(root, path, i, {
                    ...r,
                    fieldCode,
                    comparisonOperatorCode: operatorForField(r.comparisonOperatorCode, fieldOf(fieldCode)?.operators ?? []),
                  }),
                )
              }
            />
            <NativeSelect<string>
              aria-label={`Comparison, ${n}`}
              value={r.comparisonOperatorCode}
              options={(field?.operators ?? [r.comparisonOperatorCode]).map((op) => ({ label: operatorLabel(op, field?.kind ?? 'text'), value: op }))}
              onChange={(comparisonOperatorCode) => onChange(setRule(root, path, i, { ...r, comparisonOperatorCode }))}
            />
            <InputText
              aria-label={`Value, ${n}${hint ? ` (${hint})` : ''}`}
              placeholder={hint || undefined}
              value={r.values.join(', ')}
              onChange={(e) => onChange(setRule(root, path, i, { ...r, values: parseValues(e.target.value) }))}
            />
            <Button
              icon="pi pi-trash"
              text
              aria-label={`Remove ${n}`}
              onClick={() => onChange(removeRule(root, path, i))}
              disabled={here.comparisonExpressions.length + here.logicalExpressions.length === 1}
            />
          </div>
        );
      })}
      {here.logicalExpressions.map((_, i) => (
        <ExpressionEditor key={i} root={root} path={[...path, i]} fields={fields} onChange={onChange} idPrefix={idPrefix} title={title} />
      ))}
      <div className="group-editor__actions">
        <Button label="Add rule" text onClick={() => onChange(addRule(root, path))} />
        <Button label="Add nested group" text onClick={() => onChange(addGroup(root, path))} />
        {depth > 0 &&
          (confirmRemove ? (
            <>
              <span role="alert">Remove {nested} and the rules in it?</span>
              <Button label={`Yes, remove ${nested}`} severity="danger" size="small" onClick={remove} />
              <Button label={`Keep ${nested}`} text size="small" onClick={() => setConfirmRemove(false)} />
            </>
          ) : (
            // A nested group with no values typed in it goes at once; one with rules written is asked about first.
            <Button label="Remove this nested group" text severity="danger" onClick={() => (hasContent(here) ? setConfirmRemove(true) : remove())} />
          ))}
      </div>
    </fieldset>
  );
}
