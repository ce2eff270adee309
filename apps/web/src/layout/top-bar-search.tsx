import { firstScreenRoutes, type SearchResults } from '@portal/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiQuery } from '../http/api-hooks';
import { isShortcutPress } from '../modal/shortcut-press';
import styles from './top-bar-search.module.css';

/** spec §9: type-ahead waits this long after the last key before it asks. */
export const SEARCH_DEBOUNCE_MS = 200;

/** The kinds of result, in the order their groups show (contracts searchResultsSchema). */
const KINDS = ['companies', 'people', 'checks'] as const;
type Kind = (typeof KINDS)[number];

/** One option of the list: what it says and the page it opens (the API answers each one's path). */
interface SearchOption {
  kind: Kind;
  key: string;
  label: string;
  detail: string;
  path: string;
}

type Translate = ReturnType<typeof useTranslation>['t'];

/** The answer as the list's options, grouped by kind in KINDS' order. */
function optionsOf(results: SearchResults | undefined, t: Translate): SearchOption[] {
  if (!results) return [];
  return [
    ...results.companies.map((company) => ({
      kind: 'companies' as const,
      key: `company:${company.obpNumber}`,
      label: company.legalName,
      detail: `${company.obpNumber} · ${t(`emvo.metrics.stages.${company.stage}`)}`,
      path: company.path,
    })),
    ...results.people.map((person) => ({
      kind: 'people' as const,
      key: `person:${person.id}`,
      label: person.name,
      detail: person.companyName ? `${person.email} · ${person.companyName}` : person.email,
      path: person.path,
    })),
    ...results.checks.map((check) => ({
      kind: 'checks' as const,
      key: `check:${check.id}`,
      label: t('layout.search.checkLabel', {
        check: t(`emvo.check.types.${check.type}`),
        name: check.legalName,
      }),
      detail: [t(`emvo.check.statuses.${check.status}`), check.assigneeName].filter(Boolean).join(' · '),
      path: check.path,
    })),
  ];
}

/** The text as the API receives it, once typing paused. */
function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The top bar's search for reviewers and administrators (GET /api/search): companies by name or OBP
 * number, people by name or email, checks by company. The WAI-ARIA combobox with a listbox popup: `/`
 * focuses it from anywhere (not while typing), ↓ ↑ move through the results (the focus stays in the
 * field: aria-activedescendant), Enter opens the one chosen (the first when none is), Escape closes the
 * list, then clears the field. Results are grouped by kind; a refusal is said by the error handler.
 */
export function TopBarSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim());
  const { data, isError, isFetching } = useApiQuery(
    firstScreenRoutes.search,
    { query: { q } },
    { enabled: q !== '', placeholderData: keepPreviousData },
  );
  const options = q === '' ? [] : optionsOf(data, t);
  const expanded = open && text.trim() !== '' && q !== '';
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || !isShortcutPress(event)) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  // A new answer: nothing chosen yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answer is what resets the choice.
  useEffect(() => setActive(-1), [data]);

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    setOpen(false);
    setText('');
    input.current?.blur();
    void navigate(option.path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const last = options.length - 1;
      // Round the list, as a listbox does: past the last back to the first, before the first to the last.
      if (event.key === 'ArrowDown') setActive((at) => (at >= last ? 0 : at + 1));
      else setActive((at) => (at <= 0 ? last : at - 1));
    } else if (event.key === 'Enter') {
      if (!expanded) return;
      event.preventDefault();
      choose(options[active] ?? options[0]);
    } else if (event.key === 'Escape') {
      if (expanded) setOpen(false);
      else setText('');
    }
  };

  return (
    <search className={styles.search} aria-label={t('layout.search.region')}>
      <label htmlFor={`${id}-input`} className={styles.visuallyHidden}>
        {t('layout.search.label')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        className={styles.input}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('layout.search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        aria-keyshortcuts="/"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-hint`} className={styles.visuallyHidden}>
        {t('layout.search.hint')}
      </span>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={t('layout.search.results')}
        className={styles.popup}
        hidden={!expanded}
      >
        {expanded &&
          KINDS.map((kind) => {
            const group = options.filter((option) => option.kind === kind);
            if (group.length === 0) return null;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (no fieldset in a listbox).
              <div key={kind} role="group" aria-labelledby={`${id}-${kind}`}>
                <div id={`${id}-${kind}`} role="presentation" className={styles.groupTitle}>
                  {t(`layout.search.kinds.${kind}`)}
                </div>
                {group.map((option) => {
                  const index = options.indexOf(option);
                  return (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field takes the keys (aria-activedescendant).
                    <div
                      key={option.key}
                      tabIndex={-1}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      className={styles.option}
                      // The field keeps the focus: a press chooses without blurring it first.
                      onMouseDown={(event) => event.preventDefault()}
                      onClick={() => choose(option)}
                      onMouseMove={() => setActive(index)}
                    >
                      <span className={styles.optionLabel}>{option.label}</span>
                      <span className={styles.optionDetail}>{option.detail}</span>
                    </div>
                  );
                })}
              </div>
            );
          })}
      </div>
      <p role="status" className={expanded && options.length === 0 ? styles.status : styles.visuallyHidden}>
        {!expanded
          ? ''
          : isError
            ? t('layout.search.failed')
            : options.length === 0
              ? isFetching
                ? t('layout.search.searching')
                : t('layout.search.none')
              : t('layout.search.count', { count: options.length })}
      </p>
    </search>
  );
}
