import { type SessionTokenRow, sessionTokenCancelSchema, sessionTokenIssueSchema } from '@portal/contracts';
import { SESSION_TOKEN_VALUE_MAX_LENGTH, SESSION_TOKEN_VALUE_MIN_LENGTH } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextareaField, TextField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { toast } from '../../../toast/toast';
import type { TokenCalls } from './session-tokens-api';

/** A reviewer's step on a token: issue it (paste its value) or cancel it with a reason. */
export type TokenStep = 'issue' | 'cancel';

interface StepValues {
  value: string;
  reason: string;
}

/**
 * The field a step asks for, its rules the contract's (sessionTokenIssueSchema: 16 to 512 characters,
 * spec §5's length messages, then no spaces with its own message; sessionTokenCancelSchema: a reason).
 */
function TokenStepFields({ step }: { step: TokenStep }) {
  const { t } = useTranslation();
  if (step === 'issue') {
    return (
      <TextField
        name="value"
        label={t('emvo.sessionTokens.issue.value')}
        description={t('emvo.sessionTokens.issue.valueHelp', {
          min: SESSION_TOKEN_VALUE_MIN_LENGTH,
          max: SESSION_TOKEN_VALUE_MAX_LENGTH,
        })}
        autoComplete="off"
      />
    );
  }
  return (
    <TextareaField
      name="reason"
      label={t('emvo.sessionTokens.cancel.reason')}
      description={t('emvo.sessionTokens.cancel.reasonHelp')}
    />
  );
}

/**
 * The form dialog (spec §2) of a step on a token: its title, a short explanation naming the company and
 * the environment, the field it needs and the primary button that confirms it. A refusal (the token moved
 * on meanwhile: 409) stays in the dialog beside what was typed; the queue reloads behind it.
 */
export function openTokenStep(step: TokenStep, token: SessionTokenRow, t: TFunction, calls: TokenCalls) {
  const values = { name: token.legalName, environment: token.environment };
  openFormDialog<StepValues, unknown>({
    title: t(`emvo.sessionTokens.${step}.title`, values),
    text: t(`emvo.sessionTokens.${step}.text`, values),
    confirm: `emvo.sessionTokens.${step}.confirm`,
    // "Cancel" beside "Cancel the token" would read as the same act.
    ...(step === 'cancel' ? { dismiss: 'emvo.sessionTokens.cancel.dismiss' } : {}),
    defaultValues: { value: '', reason: '' },
    schema: step === 'issue' ? sessionTokenIssueSchema : sessionTokenCancelSchema,
    fields: <TokenStepFields step={step} />,
    submit: ({ value, reason }) =>
      step === 'issue'
        ? calls.issue(token.id, { value, version: token.version })
        : calls.cancel(token.id, { reason: reason.trim(), version: token.version }),
    done: () => toast.success(t(`emvo.sessionTokens.${step}.done`, { name: token.legalName })),
  });
}
