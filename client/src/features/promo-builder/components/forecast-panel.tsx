import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { formatDate, formatPoints } from '../../../lib/format';
import { isApiError } from '../../../lib/problem';
import { wizardApi, type Forecast } from '../api/wizard-api';
import { fieldErrorsOf, fieldLabel, toWizardRecord, type PromotionDraft } from '../promo-draft';

/**
 * Beside the rules: what they would have paid on the processed treatments of the window (or the last 90 days when the
 * window is ahead), before anything is published. Nothing is paid. The busiest days are drawn as bars.
 */
export function ForecastPanel({ draft }: { draft: PromotionDraft }) {
  const [forecast, setForecast] = useState<Forecast | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setForecast(await wizardApi.forecast(toWizardRecord(draft, true)));
    } catch (e) {
      setForecast(null);
      if (isApiError(e, 400)) {
        const errors = fieldErrorsOf(e.problem);
        setProblem(
          `To forecast, fix: ${Object.entries(errors)
            .map(([key, message]) => `${fieldLabel(key)} ${message}`)
            .join('; ')}.`,
        );
      } else setProblem(e instanceof Error ? e.message : 'The forecast could not be made');
    } finally {
      setBusy(false);
    }
  };
  const most = Math.max(1, ...(forecast?.busiestDays.map((d) => (draft.awardType === 'CERTIFICATE' ? d.certificates : d.points)) ?? []));
  return (
    <aside className="promo-builder__forecast" aria-labelledby="promo-forecast-title">
      <h2 id="promo-forecast-title">Forecast</h2>
      <p>What these rules would have paid on treatments already processed. Nothing is paid.</p>
      <Button
        type="button"
        label={forecast ? 'Forecast again' : 'Forecast on past treatments'}
        icon="pi pi-chart-bar"
        outlined
        loading={busy}
        onClick={() => void run()}
      />
      <div aria-live="polite">
        {problem && <Message severity="warn" text={problem} />}
        {forecast && (
          <div data-testid="promo-forecast">
            <p>
              {formatDate(forecast.from)} to {formatDate(forecast.to)}
              {forecast.lookback ? ' (the last 90 days: the promotion has not started yet)' : ''}
            </p>
            <dl className="promo-builder__facts">
              <div>
                <dt>Members paid</dt>
                <dd>{formatPoints(forecast.members)}</dd>
              </div>
              <div>
                <dt>Treatments paid</dt>
                <dd>{formatPoints(forecast.treatments)}</dd>
              </div>
              <div>
                <dt>{draft.awardType === 'CERTIFICATE' ? 'Certificates' : 'Points'}</dt>
                <dd>{formatPoints(draft.awardType === 'CERTIFICATE' ? forecast.certificates : forecast.points)}</dd>
              </div>
            </dl>
            {forecast.busiestDays.length > 0 && (
              <figure className="promo-builder__bars">
                <figcaption>Busiest days</figcaption>
                <ul>
                  {forecast.busiestDays.map((d) => {
                    const value = draft.awardType === 'CERTIFICATE' ? d.certificates : d.points;
                    const unit = draft.awardType === 'CERTIFICATE' ? 'certificates' : 'points';
                    return (
                      <li key={d.date} aria-label={`${formatDate(d.date)}: ${formatPoints(value)} ${unit} for ${d.treatments} treatments`}>
                        <span className="promo-builder__bar-date">{formatDate(d.date)}</span>
                        <span className="promo-builder__bar" style={{ width: `${Math.max(2, (value / most) * 100)}%` }} />
                        <span className="promo-builder__bar-value">
                          {formatPoints(value)} {unit}
                        </span>
                      </li>
                    );
                  })}
                </ul>
              </figure>
            )}
          </div>
        )}
      </div>
    </aside>
  );
}
