import * as Tooltip from '@radix-ui/react-tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './tooltip-icon.module.css';

/** Hover delay before the tooltip shows; keyboard focus shows it at once. */
export const TOOLTIP_DELAY_MS = 300;

export interface TooltipIconProps {
  /** The text shown. Forms that name an admin-managed tooltip (spec §1) look its text up and pass it here. */
  text: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/**
 * spec §2 tooltip icon: an info button that shows its text in a Radix tooltip on hover and keyboard focus
 * (and on click, so touch users can read it too). The text also describes the button for screen readers.
 */
export function TooltipIcon({ text, side = 'top' }: TooltipIconProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger asChild>
          <button
            type="button"
            className={styles.icon}
            aria-label={t('ui.tooltip.moreInformation')}
            onClick={(event) => {
              // Radix closes a tooltip on click; a tap is the only way to open it on touch screens.
              event.preventDefault();
              setOpen(true);
            }}
          >
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
              <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
              <circle cx="8" cy="4.75" r="1" fill="currentColor" />
              <path d="M8 7v5" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
            </svg>
          </button>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className={styles.content} side={side} sideOffset={4} collisionPadding={8}>
            {text}
            <Tooltip.Arrow className={styles.arrow} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
