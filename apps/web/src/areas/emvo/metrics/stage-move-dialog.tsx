import { type MetricsCompanyRow, type StageMoveInput, stageMoveSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { TextareaField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { toast } from '../../../toast/toast';

type Move = StageMoveInput['move'];

/**
 * issue 12 item 4: the shared modal (spec §2) for moving a company on, with an optional comment (its
 * length from the contract's stageMoveSchema). A refusal (the company moved meanwhile: 409) stays in the
 * dialog beside the comment; the table reloads behind it.
 */
export function openStageMove(
  move: Move,
  row: MetricsCompanyRow,
  t: TFunction,
  stageMove: (input: StageMoveInput) => Promise<unknown>,
) {
  openFormDialog<{ reason: string }, unknown>({
    title: t(`emvo.metrics.moves.${move}.title`, { name: row.legalName }),
    text: t(`emvo.metrics.moves.${move}.text`, { name: row.legalName, number: row.obpNumber }),
    confirm: `emvo.metrics.moves.${move}.confirm`,
    defaultValues: { reason: '' },
    schema: stageMoveSchema,
    fields: (
      <TextareaField
        name="reason"
        label={t('emvo.metrics.moves.comment')}
        description={t('emvo.metrics.moves.commentHelp')}
      />
    ),
    submit: ({ reason }) => {
      const comment = reason.trim();
      return stageMove({ move, reason: comment === '' ? null : comment, version: row.version });
    },
    done: () => toast.success(t(`emvo.metrics.moves.${move}.done`, { name: row.legalName })),
  });
}
