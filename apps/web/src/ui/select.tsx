import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type ClassNamesConfig,
  type ClearIndicatorProps,
  components,
  type GroupBase,
  type MultiValue,
  type SingleValue,
} from 'react-select';
import AsyncCreatableSelect from 'react-select/async-creatable';
import CreatableSelect from 'react-select/creatable';
import { debounceAsync } from './debounce-async';
import {
  DEFAULT_LABEL_KEY,
  DEFAULT_VALUE_KEY,
  type ItemKeys,
  type ItemValue,
  itemLabel,
  itemValue,
  type ListItem,
} from './items';
import styles from './select.module.css';

/**
 * spec §9: the select's fixed English texts. They are react-select's (formerly ng-select's) own UI texts,
 * kept as spec constants rather than translation keys.
 */
export const SELECT_TEXTS = {
  /** Shown in the open menu when nothing matches. */
  noItemsFound: 'No items found',
  /** Shown in the open menu of an async select before anything is typed (what ng-select used it for). */
  typeToSearch: 'Type to search',
  /** Label of the menu entry that creates the typed item, followed by the typed text in quotes. */
  addItem: 'Add item',
  /** Shown in the open menu while an async select loads. */
  loading: 'Loading...',
  /** Title of the clear indicator (×). */
  clearAll: 'Clear all',
} as const;

/**
 * spec §9: the one place whose select says '/' when nothing matches and leaves 'Clear all' empty: the
 * storage list's company filter (areas/admin/storage/select-filter.tsx).
 */
export const TERSE_SELECT_TEXTS = { noItemsFoundText: '/', clearAllText: '' } as const;

/** spec §9: dropdown panel max height 240px. */
export const SELECT_MENU_MAX_HEIGHT = 240;

/** spec §9: type-ahead debounce 200 ms. */
export const TYPE_AHEAD_DEBOUNCE_MS = 200;

/** What react-select works with: the item's value as text for its keys, plus the original value. */
interface SelectOption {
  value: string;
  label: string;
  id: ItemValue;
}

interface SelectBaseProps<TItem extends object> extends ItemKeys<TItem> {
  /** Visible label, tied to the input. Give `label` or `ariaLabel`. */
  label?: string;
  /** Accessible name when there is no visible label. */
  ariaLabel?: string;
  /** spec §3: items with id as value and name as label by default (valueKey, labelKey change that). */
  items?: readonly TItem[];
  /**
   * Loads items for the typed text, debounced 200 ms (spec §9). `items`, when given too, are shown before
   * anything is typed.
   */
  loadOptions?: (input: string) => Promise<readonly TItem[]>;
  /** Offers 'Add item "typed text"' in the menu; called with the typed text. Creation is off without it. */
  onCreate?: (input: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Typing filters the items (default true). */
  isSearchable?: boolean;
  /** Shows the clear-all indicator (default true). */
  isClearable?: boolean;
  isLoading?: boolean;
  /** spec §9: 'No items found' by default; one place uses '/'. */
  noItemsFoundText?: string;
  /** spec §9: 'Clear all' by default; one place leaves it empty. */
  clearAllText?: string;
  /** Form field name: react-select then renders hidden inputs holding the value(s). */
  name?: string;
  /** The input's id; generated when absent. */
  inputId?: string;
}

export interface SingleSelectProps<TItem extends object> extends SelectBaseProps<TItem> {
  isMulti?: false;
  value: ItemValue | null | undefined;
  onChange: (value: ItemValue | null) => void;
}

export interface MultiSelectProps<TItem extends object> extends SelectBaseProps<TItem> {
  /** spec §2: multiple choice. */
  isMulti: true;
  value: readonly ItemValue[];
  onChange: (value: ItemValue[]) => void;
}

export type SelectProps<TItem extends object = ListItem> = SingleSelectProps<TItem> | MultiSelectProps<TItem>;

type Choice = MultiValue<SelectOption> | SingleValue<SelectOption>;

function isMultiValue(choice: Choice): choice is MultiValue<SelectOption> {
  return Array.isArray(choice);
}

/** Joins class names; CSS module lookups are typed `string | undefined` under noUncheckedIndexedAccess. */
function cx(...names: Array<string | false | undefined>): string {
  return names.filter((name): name is string => typeof name === 'string' && name !== '').join(' ');
}

// Colours and spacing come from the CSS module (design tokens); `unstyled` drops react-select's own look
// (its emotion styles) and keeps only its layout essentials.
const classNames: ClassNamesConfig<SelectOption, boolean, GroupBase<SelectOption>> = {
  container: ({ isDisabled }) => cx(styles.container, isDisabled && styles.disabled),
  control: ({ isFocused }) => cx(styles.control, isFocused && styles.focused),
  valueContainer: () => cx(styles.valueContainer),
  placeholder: () => cx(styles.placeholder),
  input: () => cx(styles.input),
  singleValue: () => cx(styles.singleValue),
  multiValue: () => cx(styles.multiValue),
  multiValueLabel: () => cx(styles.multiValueLabel),
  multiValueRemove: () => cx(styles.multiValueRemove),
  indicatorsContainer: () => cx(styles.indicators),
  clearIndicator: () => cx(styles.indicator),
  dropdownIndicator: () => cx(styles.indicator),
  loadingIndicator: () => cx(styles.indicator),
  indicatorSeparator: () => cx(styles.separator),
  menu: () => cx(styles.menu),
  menuList: () => cx(styles.menuList),
  option: ({ isFocused, isSelected }) =>
    cx(styles.option, isFocused && styles.optionFocused, isSelected && styles.optionSelected),
  noOptionsMessage: () => cx(styles.notice),
  loadingMessage: () => cx(styles.notice),
};

// The clear indicator's title per select (spec §9: 'Clear all', empty in one place).
const ClearAllTextContext = createContext<string>(SELECT_TEXTS.clearAll);

function ClearAllIndicator(props: ClearIndicatorProps<SelectOption, boolean>) {
  const title = useContext(ClearAllTextContext);
  const named = title ? { title, 'aria-label': title } : {};
  return <components.ClearIndicator {...props} innerProps={{ ...props.innerProps, ...named }} />;
}

const selectComponents = { ClearIndicator: ClearAllIndicator };

/**
 * spec §2 select with search and multiple choice, on react-select. Controlled by item values (ids):
 * `value`/`onChange` carry an id (single) or a list of ids (`isMulti`). A chosen id that is neither in
 * `items` nor among loaded options shows as itself.
 */
export function Select<TItem extends object = ListItem>(props: SelectProps<TItem>) {
  const {
    label,
    ariaLabel,
    items,
    valueKey,
    labelKey,
    loadOptions,
    onCreate,
    placeholder = '',
    disabled,
    isSearchable = true,
    isClearable = true,
    isLoading,
    noItemsFoundText = SELECT_TEXTS.noItemsFound,
    clearAllText = SELECT_TEXTS.clearAll,
    name,
  } = props;
  const generatedId = useId();
  const inputId = props.inputId ?? `${generatedId}-input`;

  const toOption = useCallback(
    (item: TItem): SelectOption => {
      const id = itemValue(item, valueKey ?? DEFAULT_VALUE_KEY);
      return { value: String(id), label: itemLabel(item, labelKey ?? DEFAULT_LABEL_KEY), id };
    },
    [valueKey, labelKey],
  );
  const options = useMemo(() => (items ?? []).map(toOption), [items, toOption]);

  // Loaded options are remembered so that a chosen one keeps its label after the next search.
  const loaded = useRef(new Map<string, SelectOption>());
  const latest = useRef({ loadOptions, toOption });
  useEffect(() => {
    latest.current = { loadOptions, toOption };
  });
  const [loadDebounced] = useState(() =>
    debounceAsync(
      async (input: string): Promise<SelectOption[]> => {
        const load = latest.current.loadOptions;
        if (!load) return [];
        const found = (await load(input)).map(latest.current.toOption);
        for (const option of found) loaded.current.set(option.value, option);
        return found;
      },
      TYPE_AHEAD_DEBOUNCE_MS,
      [],
    ),
  );

  const optionFor = (id: ItemValue): SelectOption =>
    options.find((option) => option.value === String(id)) ??
    loaded.current.get(String(id)) ?? { value: String(id), label: String(id), id };
  const selected = props.isMulti
    ? props.value.map(optionFor)
    : props.value === null || props.value === undefined
      ? null
      : optionFor(props.value);

  const onChange = (choice: Choice) => {
    if (props.isMulti) props.onChange(isMultiValue(choice) ? choice.map((option) => option.id) : []);
    else props.onChange(choice && !isMultiValue(choice) ? choice.id : null);
  };

  const shared = {
    inputId,
    name,
    'aria-label': label ? undefined : ariaLabel,
    isMulti: props.isMulti ?? false,
    value: selected,
    onChange,
    isDisabled: disabled,
    isSearchable,
    isClearable,
    isLoading,
    placeholder,
    maxMenuHeight: SELECT_MENU_MAX_HEIGHT,
    menuPlacement: 'auto' as const,
    noOptionsMessage: ({ inputValue }: { inputValue: string }) =>
      loadOptions && !inputValue ? SELECT_TEXTS.typeToSearch : noItemsFoundText,
    loadingMessage: () => SELECT_TEXTS.loading,
    formatCreateLabel: (input: string) => `${SELECT_TEXTS.addItem} "${input}"`,
    getNewOptionData: (input: string, optionLabel: ReactNode): SelectOption => ({
      value: input,
      label: String(optionLabel),
      id: input,
    }),
    // Creation is offered only when the caller handles it.
    isValidNewOption: onCreate ? undefined : () => false,
    onCreateOption: onCreate,
    unstyled: true,
    classNames,
    components: selectComponents,
  };

  return (
    <ClearAllTextContext.Provider value={clearAllText}>
      <div className={styles.field}>
        {label && (
          <label htmlFor={inputId} className={styles.label}>
            {label}
          </label>
        )}
        {loadOptions ? (
          <AsyncCreatableSelect<SelectOption, boolean>
            {...shared}
            loadOptions={loadDebounced}
            defaultOptions={items ? options : false}
          />
        ) : (
          <CreatableSelect<SelectOption, boolean> {...shared} options={options} />
        )}
      </div>
    </ClearAllTextContext.Provider>
  );
}
