import type { MetricsCompanyRow, StageMoveInput } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFormKit } from '../../../forms/form';
import { TextareaField } from '../../../forms/text-fields';
import {
  closeModal,
  getShownModal,
  type ModalButton,
  openModal,
  updateModal,
} from '../../../modal/modal-store';
import { toast } from '../../../toast/toast';
import { isConflict, useStageMove } from './metrics-api';

type Move = StageMoveInput['move'];

/** contracts stageMoveSchema: an optional comment of at most 2,000 characters. */
export const COMMENT_MAX_LENGTH = 2000;

interface Submitter {
  current: (() => void) | undefined;
}

const confirmButton = (move: Move, submitter: Submitter, disabled = false): ModalButton => ({
  name: `emvo.metrics.moves.${move}.confirm`,
  keepOpen: true,
  disabled,
  action: () => submitter.current?.(),
});

function StageMoveForm({
  move,
  row,
  submitter,
}: {
  move: Move;
  row: MetricsCompanyRow;
  submitter: Submitter;
}) {
  const { t } = useTranslation();
  const stageMove = useStageMove();
  const form = useFormKit<{ reason: string }>({ defaultValues: { reason: '' } });
  // This modal, so that a late answer never closes another modal opened meanwhile.
  const [modalId] = useState(() => getShownModal()?.id);
  const closeOwn = () => {
    if (getShownModal()?.id === modalId) closeModal();
  };
  const sending = useRef(false);

  const send = async (values: { reason: string }) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const reason = values.reason.trim();
      await stageMove.mutateAsync({
        organisationId: row.id,
        move,
        reason: reason === '' ? null : reason,
        version: row.version,
      });
      toast.success(t(`emvo.metrics.moves.${move}.done`, { name: row.legalName }));
      closeOwn();
    } catch (error) {
      // The error handler has shown the message (spec §8) and the table reloads; a 409 (the company
      // changed meanwhile) makes the step moot, so the modal closes on the table as it is now.
      if (isConflict(error)) closeOwn();
    } finally {
      sending.current = false;
    }
  };

  useEffect(() => {
    submitter.current = () => void form.handleSubmit(send)();
  });

  // spec §2: Enter does nothing on a disabled primary button, so no second move while the call runs.
  useEffect(() => {
    if (getShownModal()?.id === modalId)
      updateModal({ primaryButton: confirmButton(move, submitter, stageMove.isPending) });
  }, [stageMove.isPending, modalId, move, submitter]);

  return (
    <Form form={form} onSubmit={send}>
      <TextareaField
        name="reason"
        label={t('emvo.metrics.moves.comment')}
        description={t('emvo.metrics.moves.commentHelp')}
        maxLength={COMMENT_MAX_LENGTH}
      />
    </Form>
  );
}

/** issue 12 item 4: the shared modal (spec §2) for moving a company on, with an optional comment. */
export function openStageMove(move: Move, row: MetricsCompanyRow, t: TFunction) {
  const submitter: Submitter = { current: undefined };
  openModal({
    title: t(`emvo.metrics.moves.${move}.title`, { name: row.legalName }),
    text: t(`emvo.metrics.moves.${move}.text`, { name: row.legalName, number: row.obpNumber }),
    component: <StageMoveForm move={move} row={row} submitter={submitter} />,
    primaryButton: confirmButton(move, submitter),
  });
}
