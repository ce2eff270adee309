import { type MetricsCompanyRow, type StageMoveInput, stageMoveSchema } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { TextareaField } from '../../../forms/text-fields';
import { openFormDialog } from '../../../modal/form-dialog';
import { toast } from '../../../toast/toast';

type Move = StageMoveInput['move'];

/**
 * The environment whose tests a move follows, and its pass rate in the row: the dialog states the rate as
 * it is (no "has passed its tests" at 60 %; neither the spec nor the domain sets a
 * threshold, so none is claimed).
 */
const TESTED: Record<Move, 'passRateIqe' | 'passRatePrd'> = {
  MOVE_TO_PRODUCTION: 'passRateIqe',
  MOVE_TO_MAINTENANCE: 'passRatePrd',
};

/** What the dialog says of the move: the company, and its pass rate (or that it has no runs). */
export function stageMoveText(move: Move, row: MetricsCompanyRow, t: TFunction): string {
  const rate = row[TESTED[move]];
  const values = { name: row.legalName, number: row.obpNumber, rate: `${rate} %` };
  return rate === null
    ? t(`emvo.metrics.moves.${move}.textNoRuns`, values)
    : t(`emvo.metrics.moves.${move}.text`, values);
}

/**
 * The shared modal (spec §2) for moving a company on, with an optional comment (its
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
    text: stageMoveText(move, row, t),
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
