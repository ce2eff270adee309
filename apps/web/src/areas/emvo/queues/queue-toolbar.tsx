import { ORG_TYPES } from '@portal/contracts';
import { EEA_COUNTRIES } from '@portal/domain';
import { SEARCH_KEY } from '@portal/list-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRange, rangeFilter } from '../../../table/date-range';
import { FilterFold } from '../../../table/filter-fold';
import { Select } from '../../../ui/select';
import { equalValues, QUEUE_STATUSES, type QueueParams, shownStatuses, statusFilter } from './queue-params';
import styles from './queues.module.css';

/** Type-ahead waits this long after the last key before it searches (spec §9: 200 ms debounce). */
const SEARCH_DEBOUNCE_MS = 200;

/** The EEA countries by their name in the UI's language (the browser's own names), for the filter. */
function countryItems(language: string): Array<{ id: string; name: string }> {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return EEA_COUNTRIES.map(({ code, name }) => ({ id: code, name: names?.of(code) ?? name })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

/**
 * A flag's checkbox. The URL is the flag's only copy, but the router applies a URL change in a transition,
 * so a checkbox bound to it alone would spring back unticked until the list re-renders (a visible lag on a
 * busy machine). It shows the click at once and follows the URL when the URL moves (back button, links).
 */
function FlagToggle({
  label,
  on,
  onToggle,
}: {
  label: string;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  const [checked, setChecked] = useState(on);
  useEffect(() => setChecked(on), [on]);
  return (
    <label className={styles.toggle}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onToggle(event.target.checked);
        }}
      />
      {label}
    </label>
  );
}

/**
 * The queue's filters (domain.md Screens: status, type, country, date range, "assigned to me"; and overdue)
 * and its free-text search over name, number and email. Each change goes to the URL through the table's
 * params; the flags through the queue's. On a phone the filters fold behind one button, the search stays.
 */
export function QueueToolbar({ params }: { params: QueueParams }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { table, query, flags, setFlag } = params;
  const { setSearch, setFilter } = table;
  const searched = typeof query.whereMulti[SEARCH_KEY] === 'string' ? query.whereMulti[SEARCH_KEY] : '';
  const [text, setText] = useState(searched);
  useEffect(() => {
    if (text === searched) return;
    const timer = setTimeout(() => setSearch(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, searched, setSearch]);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const countries = useMemo(() => countryItems(language), [language]);
  const statuses = QUEUE_STATUSES.map((status) => ({
    id: status,
    name: t(`emvo.queues.statuses.${status}`),
  }));
  const range = dateRange(query, 'submittedAt');
  const equal = (field: string, value: string) =>
    setFilter(field, value === '' ? undefined : { type: 'equal', value });

  return (
    <search className={styles.toolbar} aria-label={t('emvo.queues.filters.label')}>
      <div className={styles.field}>
        <label htmlFor={`${id}-search`}>{t('emvo.queues.filters.search')}</label>
        <input
          id={`${id}-search`}
          type="search"
          value={text}
          aria-describedby={`${id}-search-hint`}
          onChange={(event) => setText(event.target.value)}
        />
        <span id={`${id}-search-hint`} className={styles.hint}>
          {t('emvo.queues.filters.searchHint')}
        </span>
      </div>
      {/* The URL's filters and flags are what is chosen; the default statuses are not a choice. */}
      <FilterFold chosen={Object.keys(table.query.where).length}>
        <div className={`${styles.field} ${styles.wide}`}>
          <Select
            label={t('emvo.queues.filters.status')}
            inputId={`${id}-status`}
            isMulti
            items={statuses}
            placeholder={t('emvo.queues.filters.everyStatus')}
            value={shownStatuses(query)}
            onChange={(values) => setFilter('status', statusFilter(values.map(String)))}
          />
          <span className={styles.hint}>{t('emvo.queues.filters.statusHint')}</span>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-orgType`}>{t('emvo.queues.filters.orgType')}</label>
          <select
            id={`${id}-orgType`}
            value={equalValues(query, 'orgType')[0] ?? ''}
            onChange={(event) => equal('orgType', event.target.value)}
          >
            <option value="">{t('emvo.queues.filters.all')}</option>
            {ORG_TYPES.map((type) => (
              <option key={type} value={type}>
                {`${type}: ${t(`emvo.queues.orgTypes.${type}`)}`}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-country`}>{t('emvo.queues.filters.country')}</label>
          <select
            id={`${id}-country`}
            value={equalValues(query, 'country')[0] ?? ''}
            onChange={(event) => equal('country', event.target.value)}
          >
            <option value="">{t('emvo.queues.filters.all')}</option>
            {countries.map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-from`}>{t('emvo.queues.filters.submittedFrom')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={range.from}
            max={range.until || undefined}
            onChange={(event) => setFilter('submittedAt', rangeFilter(event.target.value, range.until))}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-until`}>{t('emvo.queues.filters.submittedUntil')}</label>
          <input
            id={`${id}-until`}
            type="date"
            value={range.until}
            min={range.from || undefined}
            onChange={(event) => setFilter('submittedAt', rangeFilter(range.from, event.target.value))}
          />
        </div>
        <div className={styles.toggles}>
          <FlagToggle
            label={t('emvo.queues.filters.assignedToMe')}
            on={flags.assignedToMe === true}
            onToggle={(on) => setFlag('assignedToMe', on)}
          />
          <FlagToggle
            label={t('emvo.queues.filters.overdue')}
            on={flags.overdue === true}
            onToggle={(on) => setFlag('overdue', on)}
          />
        </div>
      </FilterFold>
    </search>
  );
}
