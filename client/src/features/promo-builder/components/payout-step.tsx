import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useEffect, useState } from 'react';
import { NativeSelect } from '../../../components/native-select';
import { wizardApi, type AwardType, type CategoryChoice, type Option, type ProductCategoryNode } from '../api/wizard-api';
import { newRule } from '../promo-draft';
import { FieldRow, invalidProps } from './field-row';
import { ForecastPanel } from './forecast-panel';
import { RuleEditor } from './rule-editor';
import type { StepProps } from './step-props';

/** Step 3: what the promotion pays (points or a certificate), the daily cap, retro, and the rules with their tiers. */
export function PayoutStep({ draft, errors, set, readOnly, onError }: StepProps & { onError: (message: string) => void }) {
  const [awardTypes, setAwardTypes] = useState<Option[]>([]);
  const [measureTypes, setMeasureTypes] = useState<Option[]>([]);
  const [tree, setTree] = useState<ProductCategoryNode[]>([]);
  const [categories, setCategories] = useState<CategoryChoice[]>([]);
  useEffect(() => {
    wizardApi.awardTypes().then(setAwardTypes, () => onError('Could not load the award types'));
    wizardApi.measureTypes().then(setMeasureTypes, () => onError('Could not load the measures'));
    wizardApi.productTree().then(setTree, () => onError('Could not load the products'));
    wizardApi.categories().then(setCategories, () => onError('Could not load the certificate categories'));
  }, [onError]);
  const certificate = draft.awardType === 'CERTIFICATE';
  const categoryOptions = [
    { label: 'Choose a category', value: '' },
    ...categories.map((c) => ({
      label: `${c.certificateCategoryName}${c.variants[0] ? ` ($${c.variants[0].amount})` : ' (no amount yet)'}`,
      value: c.certificateCategoryCode,
    })),
  ];
  return (
    <div className="promo-builder__payout">
      <div>
        <div className="promo-builder__form">
          <FieldRow id="promo-awardType" label="Award" error={errors['payoutAndRules.awardType']}>
            <NativeSelect<AwardType>
              id="promo-awardType"
              value={draft.awardType}
              options={
                awardTypes.length ? awardTypes.map((o) => ({ label: o.description, value: o.code as AwardType })) : [{ label: 'Points', value: 'POINT' }]
              }
              onChange={(awardType) => !readOnly && set({ awardType }, ['payoutAndRules.awardType', 'payoutAndRules.certificateCategoryCode'])}
            />
          </FieldRow>
          {certificate && (
            <FieldRow id="promo-category" label="Certificate category" error={errors['payoutAndRules.certificateCategoryCode']}>
              <NativeSelect<string>
                id="promo-category"
                value={draft.certificateCategoryCode}
                options={categoryOptions}
                invalid={!!errors['payoutAndRules.certificateCategoryCode']}
                onChange={(code) => !readOnly && set({ certificateCategoryCode: code }, ['payoutAndRules.certificateCategoryCode'])}
              />
            </FieldRow>
          )}
          {!certificate && (
            <FieldRow id="promo-cap" label="Daily cap (points per member and day; empty: none)" error={errors['payoutAndRules.rewardDailyCap']}>
              <InputText
                id="promo-cap"
                inputMode="numeric"
                value={draft.rewardDailyCap}
                disabled={readOnly}
                {...invalidProps('promo-cap', errors['payoutAndRules.rewardDailyCap'])}
                onChange={(e) => set({ rewardDailyCap: e.target.value }, ['payoutAndRules.rewardDailyCap'])}
              />
            </FieldRow>
          )}
        </div>
        <div className="promo-builder__checks">
          <Checkbox inputId="promo-retro" checked={draft.retro} disabled={readOnly} onChange={(e) => set({ retro: !!e.checked }, ['payoutAndRules.retro'])} />
          <label htmlFor="promo-retro">Retro: when published, also pay treatments already processed inside the window</label>
        </div>
        {errors['payoutAndRules.rules'] && <p className="promo-builder__field-error">Rules: {errors['payoutAndRules.rules']}</p>}
        {draft.rules.map((rule, i) => (
          <RuleEditor
            key={rule.ruleId ?? `new-${i}`}
            index={i}
            rule={rule}
            tree={tree}
            measureTypes={measureTypes}
            errors={errors}
            awardWord={certificate ? 'any amount: one certificate' : 'points'}
            readOnly={readOnly}
            onChange={(next, keys) => set({ rules: draft.rules.map((r, j) => (j === i ? next : r)) }, keys)}
            onRemove={draft.rules.length > 1 ? () => set({ rules: draft.rules.filter((_, j) => j !== i) }, ['payoutAndRules.rules']) : null}
          />
        ))}
        {!readOnly && (
          <Button
            type="button"
            label="Add a rule"
            icon="pi pi-plus"
            outlined
            onClick={() => set({ rules: [...draft.rules, newRule(draft.rules.length)] }, ['payoutAndRules.rules'])}
          />
        )}
      </div>
      <ForecastPanel draft={draft} />
    </div>
  );
}
