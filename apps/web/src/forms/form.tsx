import { toNestErrors } from '@hookform/resolvers';
import {
  type ComponentPropsWithoutRef,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useState,
} from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  FormProvider,
  type Resolver,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';
import { contractFieldRules, contractMessage } from './contract-rules';
import { emptyValue, type FieldRules, FORM_MESSAGES, fieldMessage, isMissing, valueAt } from './field-rules';
import { markFieldErrors } from './server-errors';

/**
 * The fields on screen. Each field component registers its rules while it is mounted and enabled, so the
 * form checks the fields the user sees: a field rendered only under a condition is checked only then, a
 * disabled one not at all (as a disabled control is left out of Angular's and react-hook-form's validation).
 */
export class FieldRegistry {
  readonly #fields = new Map<string, FieldRules>();
  readonly #dependencies: Readonly<Record<string, readonly string[]>>;

  constructor(dependencies: Readonly<Record<string, readonly string[]>> = {}) {
    this.#dependencies = dependencies;
  }

  /** Registers a field's rules; returns the unregistration. */
  register(name: string, rules: FieldRules): () => void {
    this.#fields.set(name, rules);
    return () => {
      // A remount may have registered newer rules under the same name in between.
      if (this.#fields.get(name) === rules) this.#fields.delete(name);
    };
  }

  /** Whether a field of this name is on screen (mounted and enabled). */
  has(name: string): boolean {
    return this.#fields.has(name);
  }

  /** The fields on screen with their rules. */
  entries(): IterableIterator<[string, FieldRules]> {
    return this.#fields.entries();
  }

  /**
   * The field on screen an issue at `path` belongs to: the field itself, or the nearest one holding it
   * (`activeIn.2`, one entry of a multiple select, is the select's).
   */
  fieldOf(path: string): string | undefined {
    const parts = path.split('.');
    for (let length = parts.length; length > 0; length--) {
      const name = parts.slice(0, length).join('.');
      if (this.#fields.has(name)) return name;
    }
    return undefined;
  }

  /** The fields to check again when `name` changes (the form's `dependencies`). */
  dependents(name: string): string[] {
    return [...(this.#dependencies[name] ?? [])];
  }
}

export type FormKit<TValues extends FieldValues> = UseFormReturn<TValues> & {
  registry: FieldRegistry;
  /**
   * A 400 whose body names fields (`{ field, message }`, field the path in the body) marks
   * each field on screen with the API's words and focuses the first; what no field on screen can show goes
   * to a toast. True when the answer named fields (then the call's mutation, with FIELD_ERRORS, showed no
   * generic toast).
   */
  markServerErrors: (error: unknown) => boolean;
  /** The contract the form checks, when it has one. */
  schema?: z.ZodMiniType | undefined;
  /** The fields the form's submission requires beyond its contract (UseFormKitOptions.requiredToSubmit). */
  requiredToSubmit?: readonly string[] | undefined;
};

/**
 * The kit's resolver (zodResolver's work, written out because the fields on screen change): the contract's
 * schema (packages/contracts, the one the API checks) on the body the form would send, each issue in spec
 * §5's words where §5 has them (contract-rules.ts: an empty value is "required"); then each field's own
 * `required` (its prop's or its contract's) where the contract said nothing. Only the fields on screen are
 * checked: a rule on a value the person cannot see or change would block the form without a word (the API
 * still checks it). One message per field, the first; the values go through as they are.
 */
function kitResolver<TValues extends FieldValues>(
  registry: FieldRegistry,
  schema: z.ZodMiniType | undefined,
  toInput: ((values: TValues) => unknown) | undefined,
): Resolver<TValues> {
  return async (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    const result = await schema?.safeParseAsync(toInput ? toInput(values) : values);
    for (const issue of result?.error?.issues ?? []) {
      const field = registry.fieldOf(issue.path.map(String).join('.'));
      if (field) errors[field] ??= contractMessage(issue, valueAt(values, field));
    }
    for (const [name, rules] of registry.entries()) {
      if (rules.required && isMissing(valueAt(values, name))) {
        errors[name] ??= { type: 'required', message: FORM_MESSAGES.required };
      }
    }
    return Object.keys(errors).length === 0
      ? { values, errors: {} }
      : { values: {}, errors: toNestErrors(errors, options) };
  };
}

export interface UseFormKitOptions<TValues extends FieldValues> {
  /**
   * The contract the API checks the submission against (packages/contracts; a form's own schema built on it
   * when the form asks for more, such as a confirmation): the form checks it, and each field takes its
   * required, lengths and bounds from it (props need not repeat them). Only a form that sends no contract's
   * body (a file alone) has none: its fields' `required` and the file checks are then all it checks.
   */
  schema?: z.ZodMiniType;
  /**
   * The body the form would send, when its values are not that body as they are (a local date-time, lists of
   * inputs): the contract checks it, its issues' paths being the fields' names.
   */
  toInput?: (values: TValues) => unknown;
  /**
   * The contract's rules across fields: the fields to check again when one changes
   * (`{ password: ['passwordConfirmation'] }`). Read once.
   */
  dependencies?: Readonly<Record<string, readonly string[]>>;
  defaultValues?: DefaultValues<TValues>;
  /**
   * The fields a step's submission requires while its draft may leave them blank: packages/domain's list of
   * what a submission misses (`requiredToSubmit(missingForLegitimacy)`, paths with `*` for a list's index).
   * They are marked (* and aria-required) as the contract's required fields are, from the rule the submit
   * checks; a save does not check them, the submission does (the domain's list, then the API's).
   */
  requiredToSubmit?: readonly string[];
}

/**
 * react-hook-form with the kit's validation (kitResolver), checked on every change (errors still show only
 * once a field is dirty or the form was submitted).
 */
export function useFormKit<TValues extends FieldValues>(
  options: UseFormKitOptions<TValues> = {},
): FormKit<TValues> {
  const [{ registry, resolver }] = useState(() => {
    const created = new FieldRegistry(options.dependencies);
    return { registry: created, resolver: kitResolver<TValues>(created, options.schema, options.toInput) };
  });
  const form = useForm<TValues>({ defaultValues: options.defaultValues, mode: 'onChange', resolver });
  const markServerErrors = (error: unknown) => markFieldErrors(form, registry, error);
  // Not memoised: react-hook-form hands back the same object with a fresh formState on every render.
  return {
    ...form,
    registry,
    schema: options.schema,
    requiredToSubmit: options.requiredToSubmit,
    markServerErrors,
  };
}

const RegistryContext = createContext<FieldRegistry | null>(null);
const ContractContext = createContext<z.ZodMiniType | undefined>(undefined);
const RequiredToSubmitContext = createContext<readonly string[] | undefined>(undefined);

/** Whether a field's name (mahs.1.products.0.name) is one of the paths (mahs.*.products.*.name). */
function listedIn(paths: readonly string[] | undefined, name: string): boolean {
  if (!paths) return false;
  const shape = name.replace(/\.\d+(?=\.|$)/g, '.*');
  return paths.includes(shape);
}

/** Whether the form's submission requires the field of this name (a list's legend asks it too). */
export function useRequiredToSubmit(name: string): boolean {
  return listedIn(useContext(RequiredToSubmitContext), name);
}

/** A field is marked required (* and aria-required) when its rule or its step's submission requires it. */
export function isMarkedRequired(props: {
  required?: boolean | undefined;
  requiredToSubmit?: boolean | undefined;
}) {
  return Boolean(props.required || props.requiredToSubmit);
}

/** The bounds a field's props may leave to the contract. */
interface OwnRules {
  required?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  min?: number | string | undefined;
  max?: number | string | undefined;
  requiredToSubmit?: boolean | undefined;
}

/**
 * A field's rules with what its props leave out taken from the form's contract: under a contract a
 * string without a minimum has none (spec §5's default minimum of 2 is for forms without one).
 */
export function useContractRules<T extends OwnRules>(name: string, given: T): T {
  const schema = useContext(ContractContext);
  const submitted = useRequiredToSubmit(name);
  const own = { ...given, requiredToSubmit: given.requiredToSubmit ?? submitted };
  if (!schema) return own;
  const contract = contractFieldRules(schema, name);
  if (!contract) return own;
  return {
    ...own,
    required: own.required ?? contract.required,
    minLength: own.minLength ?? contract.minLength ?? 0,
    maxLength: own.maxLength ?? contract.maxLength,
    min: own.min ?? contract.min,
    max: own.max ?? contract.max,
  };
}

export interface FormProps<TValues extends FieldValues>
  extends Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'onInvalid' | 'noValidate'> {
  form: FormKit<TValues>;
  /** Called with the values once every field on screen passes. */
  onSubmit: SubmitHandler<TValues>;
  onInvalid?: SubmitErrorHandler<TValues>;
  children: ReactNode;
}

/**
 * A <form> for the kit's fields. The browser's own validation is off (noValidate): the fields show the
 * spec's messages instead.
 */
export function Form<TValues extends FieldValues>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...formProps
}: FormProps<TValues>) {
  const { registry, schema, requiredToSubmit, ...methods } = form;
  return (
    <FormProvider {...methods}>
      <RegistryContext.Provider value={registry}>
        <ContractContext.Provider value={schema}>
          <RequiredToSubmitContext.Provider value={requiredToSubmit}>
            <form {...formProps} noValidate onSubmit={methods.handleSubmit(onSubmit, onInvalid)}>
              {children}
            </form>
          </RequiredToSubmitContext.Provider>
        </ContractContext.Provider>
      </RegistryContext.Provider>
    </FormProvider>
  );
}

function useRegistry(): FieldRegistry {
  const registry = useContext(RegistryContext);
  if (!registry) throw new Error('A form field needs a <Form> around it');
  return registry;
}

/** What every field component takes besides its own options. */
export interface CommonFieldProps {
  /** The react-hook-form field name; a dotted name nests ('address.street'). */
  name: string;
  label: string;
  required?: boolean;
  /**
   * Marked required (* and aria-required) without being checked before a save: the step's submission
   * requires it (the form's `requiredToSubmit`, which sets it; false where the screen knows better, such as
   * a file already stored).
   */
  requiredToSubmit?: boolean;
  /** Help shown under the field and tied to it with aria-describedby. */
  description?: ReactNode;
  /** spec §1: the admin-managed tooltip shown next to the label (GET /api/tooltips/active). */
  tooltipKey?: string;
  /** spec §5: false never shows this field's errors (its rules still block the submission). */
  showErrors?: boolean;
  readOnly?: boolean;
  /** A disabled field is neither checked nor submitted. */
  disabled?: boolean;
  /** The control's id; generated when absent. */
  id?: string;
}

export interface FieldState {
  id: string;
  errorId: string;
  descriptionId: string;
  /** The translated message when the error is to be shown, else undefined. */
  error: string | undefined;
  /** aria-describedby for the control: the shown error and the description. */
  describedBy: string | undefined;
  /** The fields to validate again after this one changes (react-hook-form's `deps`). */
  deps: string[];
}

/**
 * The same rules object for as long as the rules are the same: a caller builds a new object on every
 * render, and effects that register the rules must not run again for that.
 */
function useStableRules(rules: FieldRules): FieldRules {
  const [stable, setStable] = useState(rules);
  const changed = JSON.stringify(stable) !== JSON.stringify(rules);
  // React's "adjust state while rendering": the render restarts at once with the new rules.
  if (changed) setStable(rules);
  return changed ? rules : stable;
}

/**
 * Registers a field's rules and tells when to show its error. spec §5: an error shows only when the field
 * is invalid and dirty (react-hook-form's state: its value differs from the default), unless showErrors is
 * false. After a submission attempt every invalid field shows its error, dirty or not: a user who presses
 * Submit expects to see what is missing.
 */
export function useField(props: CommonFieldProps, rules: FieldRules): FieldState {
  const { name, showErrors = true, disabled = false, description } = props;
  const { t } = useTranslation();
  const registry = useRegistry();
  const { control, getFieldState, resetField } = useFormContext();
  const formState = useFormState({ control, name });
  const generatedId = useId();
  const id = props.id ?? generatedId;

  const stableRules = useStableRules(rules);
  useEffect(
    () => (disabled ? undefined : registry.register(name, stableRules)),
    [registry, name, stableRules, disabled],
  );

  // react-hook-form finds a field without a default value dirty as soon as any field changes (its value ''
  // differs from undefined), which would show its errors early: such a field gets its empty value as default.
  const hasDefault = valueAt(formState.defaultValues, name) !== undefined;
  useEffect(() => {
    if (!hasDefault) resetField(name, { defaultValue: emptyValue(stableRules) });
  }, [hasDefault, resetField, name, stableRules]);

  const state = getFieldState(name, formState);
  const shown = showErrors && state.invalid && (state.isDirty || formState.submitCount > 0);
  // A refusal the API gave for this field (form-dialog.tsx sets it) and a contract's own rule show their
  // own words.
  const verbatim = state.error?.type === 'server' || state.error?.type === 'verbatim';
  const serverMessage = verbatim ? state.error?.message : undefined;
  const message = shown && !serverMessage ? fieldMessage(state.error?.message, rules) : undefined;
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [
    message || (shown && serverMessage) ? errorId : undefined,
    description ? descriptionId : undefined,
  ]
    .filter((part): part is string => part !== undefined)
    .join(' ');
  return {
    id,
    errorId,
    descriptionId,
    // A length says of what (the field's label): read alone, "At least 16 characters" says of nothing.
    error:
      shown && serverMessage
        ? serverMessage
        : message
          ? t(message.key, { ...message.values, field: props.label })
          : undefined,
    describedBy: describedBy || undefined,
    deps: registry.dependents(name),
  };
}
