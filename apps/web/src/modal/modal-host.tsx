import * as Dialog from '@radix-ui/react-dialog';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './modal-host.module.css';
import { closeModal, getShownModal, type ModalButton, type ShownModal, useModal } from './modal-store';
import { returnFocus } from './return-focus';

const ACCESSIBLE_NAME_LENGTH = 80;

/** The first field of a form dialog, where the focus starts. */
const FIRST_FIELD =
  '[data-form-dialog] :is(input, textarea, select, [role="radio"], [role="combobox"]):not([disabled], [type="hidden"])';

/** Runs a button's action, then closes unless kept open or unless the action opened another modal. */
function press(button: ModalButton | undefined, closeAnyway = false) {
  const before = getShownModal()?.id;
  button?.action?.();
  if ((closeAnyway || !button?.keepOpen) && getShownModal()?.id === before) closeModal();
}

/**
 * spec §2: the overlay, the close cross and Escape run the secondary action then close, whether or not the
 * secondary button is shown or enabled: dismissing is always possible.
 */
function cancel() {
  press(getShownModal()?.secondaryButton, true);
}

/** The one modal host, rendered once by the layout (spec §2). Open it with `openModal` or `useModal()`. */
export function ModalHost() {
  const { shown } = useModal();
  return (
    <Dialog.Root
      open={shown !== null}
      onOpenChange={(open) => {
        if (!open) cancel();
      }}
    >
      {shown && <ModalDialog key={shown.id} modal={shown} />}
    </Dialog.Root>
  );
}

function ModalDialog({ modal }: { modal: ShownModal }) {
  const { t } = useTranslation();
  const contentRef = useRef<HTMLDivElement>(null);
  const secondaryRef = useRef<HTMLButtonElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const [scrolled, setScrolled] = useState(false);
  const { primaryButton: primary, secondaryButton: secondary } = modal;
  const showPrimary = !modal.hideButtons && !primary?.hide;
  const showSecondary = !modal.hideButtons && !secondary?.hide;
  const showCross = !modal.hideCloseCross;
  const emphasised = modal.emphasise ?? 'primary';
  const text = modal.text ? t(modal.text) : '';
  // Without a title, the dialog is named by the start of its text.
  const ariaLabel = modal.title
    ? undefined
    : text.slice(0, ACCESSIBLE_NAME_LENGTH).trim() || t('modal.dialog.label');

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    const target = event.target;
    // spec §2: Enter confirms, but not in a textarea; a focused button or link answers Enter with its own click.
    if (
      target instanceof HTMLTextAreaElement ||
      target instanceof HTMLButtonElement ||
      target instanceof HTMLAnchorElement ||
      (target instanceof HTMLElement && target.isContentEditable)
    ) {
      return;
    }
    // spec §2: not when the primary button is disabled (nor hidden: nothing on screen says Enter would act).
    if (!showPrimary || primary?.disabled) return;
    event.preventDefault();
    press(primary);
  }

  return (
    <Dialog.Portal>
      <Dialog.Overlay className={styles.overlay} data-testid="modal-overlay" />
      <Dialog.Content
        ref={contentRef}
        className={styles.content}
        data-size={modal.isLarge ? 'large' : 'normal'}
        aria-label={ariaLabel}
        onKeyDown={onKeyDown}
        onEscapeKeyDown={(event) => {
          // Escape in an open dropdown (e.g. a select in a form) closes the dropdown, not the modal.
          const target = event.target;
          if (target instanceof HTMLElement && target.getAttribute('aria-expanded') === 'true') {
            event.preventDefault();
          }
        }}
        onOpenAutoFocus={(event) => {
          // Radix would pick the close cross, where Enter would cancel. A form dialog (form-dialog.tsx)
          // starts on its first field, so the first keystroke goes into it. A dialog without a field starts
          // on its least destructive answer (the secondary button: Cancel, Stay), one Tab from the confirming
          // one, so that Enter pressed by habit keeps things as they are; with no such answer on its only
          // button (OK), else on the content itself (spec §2). Radix still traps focus inside.
          event.preventDefault();
          const start = [
            contentRef.current?.querySelector<HTMLElement>(FIRST_FIELD),
            secondaryRef.current,
            primaryRef.current,
          ].find((element) => element && !element.matches(':disabled'));
          (start ?? contentRef.current)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Radix gives the focus back to a Dialog.Trigger; openModal has none, so the focus would fall to
          // the body. However the modal closed, the store knows what opened it.
          event.preventDefault();
          // A modal replaced by the next one (an action opening another) leaves the focus to that one.
          if (getShownModal() === null) returnFocus(modal.opener);
        }}
      >
        {(modal.title || showCross) && (
          <header className={styles.header} data-scrolled={scrolled}>
            {modal.title && <Dialog.Title className={styles.title}>{t(modal.title)}</Dialog.Title>}
            {showCross && (
              <Dialog.Close className={styles.cross} aria-label={t('actions.close')}>
                <span aria-hidden="true">×</span>
              </Dialog.Close>
            )}
          </header>
        )}
        <div
          className={styles.body}
          data-testid="modal-body"
          // spec §2: the title gains a bottom border once the body is scrolled.
          onScroll={(event) => setScrolled(event.currentTarget.scrollTop > 0)}
        >
          {text && <Dialog.Description className={styles.text}>{text}</Dialog.Description>}
          {modal.content}
        </div>
        {(showPrimary || showSecondary) && (
          <footer className={styles.buttons}>
            {showSecondary && (
              <button
                ref={secondaryRef}
                type="button"
                className={`${styles.button} ${emphasised === 'secondary' ? styles.primary : ''}`}
                disabled={secondary?.disabled}
                onClick={() => press(secondary)}
              >
                {t(secondary?.name ?? 'actions.cancel')}
              </button>
            )}
            {showPrimary && (
              <button
                ref={primaryRef}
                type="button"
                className={`${styles.button} ${emphasised === 'primary' ? styles.primary : ''}`}
                disabled={primary?.disabled}
                onClick={() => press(primary)}
              >
                {t(primary?.name ?? 'actions.ok')}
              </button>
            )}
          </footer>
        )}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
