import type { AdminSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { localeOf, numberFormat } from '../../i18n/number-format';

/**
 * The last day's p75 of each Core Web Vital, as the signed-in users' browsers reported
 * them (http/web-vitals.ts → POST /api/vitals), each person counted once, beside web.dev's "good" threshold.
 */
export function VitalsSummary({ vitals }: { vitals: AdminSummary['vitals'] }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(localeOf(i18n.language));
  const shown = (name: string, p75: number) =>
    name === 'CLS'
      ? number.format(Math.round(p75 * 100) / 100)
      : t('admin.home.vitals.ms', { value: number.format(Math.round(p75)) });
  return (
    <>
      <h2>{t('admin.home.vitals.title')}</h2>
      <dl>
        {vitals.map(({ name, p75, people }) => (
          <div key={name}>
            <dt>{t(`admin.home.vitals.names.${name}`)}</dt>
            <dd>
              {p75 === null
                ? t('admin.home.vitals.none')
                : t('admin.home.vitals.value', { value: shown(name, p75), count: people })}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
