import type { TFunction } from 'i18next';
import { openModal } from '../../modal/modal-store';

/**
 * "Lena Lead is on this check — take it over?" in the shared modal, asked before a reviewer decides or
 * (re)assigns a check a colleague holds: `question` says what would happen to it, `confirm` names the
 * answer that does it (by default "Take it over"); the other answer leaves the check to them and sends
 * nothing. A modal opened from a form dialog replaces it, so the focus still goes back to what opened it.
 */
export function askTakeOver(
  t: TFunction,
  ask: { question: string; confirm?: string; onConfirm: () => void },
): void {
  openModal({
    title: t('emvo.check.takeOver.title'),
    text: ask.question,
    primaryButton: { name: ask.confirm ?? 'emvo.check.takeOver.confirm', action: ask.onConfirm },
    secondaryButton: { name: 'emvo.check.takeOver.cancel' },
  });
}
