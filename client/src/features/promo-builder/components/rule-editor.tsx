import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { NativeSelect } from '../../../components/native-select';
import type { Option, PayMethod, ProductCategoryNode } from '../api/wizard-api';
import { newTier, ruleHasContent, type FieldErrors, type RuleDraft, type TierDraft } from '../promo-draft';

const PAY_METHODS: { label: string; value: PayMethod }[] = [
  { label: 'per unit', value: 'units' },
  { label: 'once', value: 'flat' },
];

/**
 * One payout rule: its name, the products whose units it measures (picked from the product tree), and its tiers
 * ("at least N units: pay X points per unit or once, between min and max"). The highest tier met pays.
 */
export function RuleEditor(props: {
  index: number;
  rule: RuleDraft;
  tree: ProductCategoryNode[];
  /** The measure-types option list: a rule measures units (the one measure a product rule has). */
  measureTypes: Option[];
  errors: FieldErrors;
  awardWord: string;
  readOnly: boolean;
  onChange: (rule: RuleDraft, editedKeys: readonly string[]) => void;
  onRemove: (() => void) | null;
}) {
  const { index, rule, tree, measureTypes, errors, readOnly, onChange } = props;
  const at = `payoutAndRules.rules.${index}`;
  const label = `Rule ${index + 1}`;
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = () => {
    setConfirmRemove(false);
    props.onRemove?.();
  };
  const setTier = (t: number, patch: Partial<TierDraft>) =>
    onChange(
      { ...rule, tiers: rule.tiers.map((tier, i) => (i === t ? { ...tier, ...patch } : tier)) },
      Object.keys(patch)
        .map((k) => `${at}.tiers.${t}.${k}`)
        .concat(`${at}.tiers`),
    );
  const toggle = (productId: number, on: boolean) =>
    onChange({ ...rule, metricIds: on ? [...rule.metricIds, productId] : rule.metricIds.filter((id) => id !== productId) }, [`${at}.metricIds`]);
  const tierError = (t: number, field: string) => errors[`${at}.tiers.${t}.${field}`];
  const number = (t: number, field: 'target' | 'award' | 'min' | 'max', aria: string) => {
    const id = `rule-${index}-tier-${t}-${field}`;
    const error = tierError(t, field);
    return (
      <InputText
        id={id}
        aria-label={`${label}, tier ${t + 1}: ${aria}`}
        inputMode="numeric"
        className="promo-builder__number"
        value={rule.tiers[t][field]}
        disabled={readOnly}
        invalid={!!error}
        aria-invalid={error ? true : undefined}
        onChange={(e) => setTier(t, { [field]: e.target.value })}
      />
    );
  };
  return (
    <fieldset className="promo-builder__rule">
      <legend>{label}</legend>
      <div className="promo-builder__form">
        <label htmlFor={`rule-${index}-name`}>Rule name</label>
        <InputText
          id={`rule-${index}-name`}
          value={rule.name}
          disabled={readOnly}
          onChange={(e) => onChange({ ...rule, name: e.target.value }, [`${at}.name`])}
        />
        <label htmlFor={`rule-${index}-measure`}>Measure</label>
        <NativeSelect<string>
          id={`rule-${index}-measure`}
          value="UNITS"
          options={(measureTypes.length ? measureTypes : [{ code: 'UNITS', description: 'Units of the named products' }]).map((o) => ({
            label: o.description,
            value: o.code,
          }))}
          onChange={() => undefined}
        />
      </div>
      <fieldset className="promo-builder__products" aria-describedby={errors[`${at}.metricIds`] ? `rule-${index}-products-error` : undefined}>
        <legend>Products whose units count</legend>
        {tree.map((category) => (
          <div key={category.id} className="promo-builder__product-group">
            <h4>{category.name}</h4>
            {category.children.map((brand) => (
              <div key={brand.id} className="promo-builder__checks" role="group" aria-label={`${category.name}, ${brand.name}`}>
                <span className="promo-builder__brand">{brand.name}</span>
                {brand.products.map((p) => {
                  const id = `rule-${index}-product-${p.id}`;
                  return (
                    <span key={p.id} className="promo-builder__check">
                      <Checkbox inputId={id} checked={rule.metricIds.includes(p.id)} disabled={readOnly} onChange={(e) => toggle(p.id, !!e.checked)} />
                      <label htmlFor={id}>{p.name}</label>
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
        ))}
        {errors[`${at}.metricIds`] && (
          <p className="promo-builder__field-error" id={`rule-${index}-products-error`}>
            Products: {errors[`${at}.metricIds`]}
          </p>
        )}
      </fieldset>
      <table className="promo-builder__tiers">
        <caption>Tiers of {label} (the highest one reached pays)</caption>
        <thead>
          <tr>
            <th scope="col">At least (units)</th>
            <th scope="col">Award ({props.awardWord})</th>
            <th scope="col">Paid</th>
            <th scope="col">Minimum</th>
            <th scope="col">Maximum</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rule.tiers.map((_, t) => {
            const messages = (['target', 'award', 'payMethod', 'min', 'max'] as const).map((f) => tierError(t, f)).filter(Boolean);
            return [
              <tr key={`tier-${t}`}>
                <td>{number(t, 'target', 'at least (units)')}</td>
                <td>{number(t, 'award', 'award')}</td>
                <td>
                  <NativeSelect<PayMethod>
                    aria-label={`${label}, tier ${t + 1}: paid`}
                    value={rule.tiers[t].payMethod}
                    options={PAY_METHODS}
                    onChange={(payMethod) => !readOnly && setTier(t, { payMethod })}
                  />
                </td>
                <td>{number(t, 'min', 'minimum')}</td>
                <td>{number(t, 'max', 'maximum')}</td>
                <td>
                  {!readOnly && rule.tiers.length > 1 && (
                    <Button
                      type="button"
                      icon="pi pi-trash"
                      text
                      severity="danger"
                      aria-label={`Remove tier ${t + 1} of ${label}`}
                      onClick={() => onChange({ ...rule, tiers: rule.tiers.filter((__, i) => i !== t) }, [`${at}.tiers`])}
                    />
                  )}
                </td>
              </tr>,
              messages.length > 0 && (
                <tr key={`tier-${t}-error`}>
                  <td colSpan={6} className="promo-builder__field-error">
                    Tier {t + 1}: {messages.join('; ')}
                  </td>
                </tr>
              ),
            ];
          })}
        </tbody>
      </table>
      {errors[`${at}.tiers`] && <p className="promo-builder__field-error">Tiers: {errors[`${at}.tiers`]}</p>}
      {!readOnly && (
        <div className="promo-builder__actions">
          <Button
            type="button"
            label="Add a tier"
            icon="pi pi-plus"
            text
            size="small"
            aria-label={`Add a tier to ${label}`}
            onClick={() => onChange({ ...rule, tiers: [...rule.tiers, newTier()] }, [`${at}.tiers`])}
          />
          {props.onRemove &&
            (confirmRemove ? (
              <>
                <span role="alert">Remove {label} with its products and tiers?</span>
                <Button type="button" label={`Yes, remove ${label}`} severity="danger" size="small" onClick={remove} />
                <Button type="button" label={`Keep ${label}`} text size="small" onClick={() => setConfirmRemove(false)} />
              </>
            ) : (
              // A rule still as added goes at once; one with products or tiers set is asked about first.
              <Button
                type="button"
                label={`Remove ${label}`}
                icon="pi pi-trash"
                text
                severity="danger"
                size="small"
                onClick={() => (ruleHasContent(rule) ? setConfirmRemove(true) : remove())}
              />
            ))}
        </div>
      )}
    </fieldset>
  );
}
