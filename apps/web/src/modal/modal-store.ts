import {
  type ComponentType,
  createElement,
  isValidElement,
  type ReactNode,
  useSyncExternalStore,
} from 'react';

/** spec §3 modal params, one button (primary or secondary). */
export interface ModalButton {
  /** A translation key (or plain text, which i18next returns unchanged). Defaults: actions.ok, actions.cancel. */
  name?: string;
  action?: () => void;
  disabled?: boolean;
  /** The action runs and the modal stays open. */
  keepOpen?: boolean;
  hide?: boolean;
}

/** What an embedded component receives. */
export interface ModalContentProps<TData> {
  data: TData;
}

/** spec §3 modal params. title and text are translation keys or plain text. */
export interface ModalParams<TData = unknown> {
  title?: string;
  text?: string;
  data?: TData;
  /** Embedded content: a React node, or a component rendered with `{ data }`. */
  component?: ReactNode | ComponentType<ModalContentProps<TData | undefined>>;
  /** spec §9: normal width max 600 px, large max 900 px. */
  isLarge?: boolean;
  hideCloseCross?: boolean;
  hideButtons?: boolean;
  primaryButton?: ModalButton;
  secondaryButton?: ModalButton;
  /**
   * The button drawn as the one to press: the primary by default; the secondary when the primary answer
   * loses work (leaving without saving), so that the safe answer stands out. The buttons keep their roles
   * (Escape, the cross and the overlay still run the secondary action, Enter the primary).
   */
  emphasise?: 'primary' | 'secondary';
}

/** The shown modal as the host reads it: the params with the embedded content already rendered. */
export interface ShownModal extends Omit<ModalParams, 'component' | 'data'> {
  /** One per openModal call: an update keeps it, a new modal gets a new one. */
  id: number;
  content: ReactNode;
  /**
   * The element that had the focus when the modal opened: the host gives the focus back to it on closing
   * (WCAG 2.4.3). A modal that replaces another (an action opening the next) keeps the first one's opener.
   */
  opener: HTMLElement | null;
}

let shown: ShownModal | null = null;
let lastId = 0;
const listeners = new Set<() => void>();

function publish(next: ShownModal | null) {
  shown = next;
  for (const listener of listeners) listener();
}

/** The focused element, or null when the focus is nowhere in particular (the body). */
function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

// memo, forwardRef and lazy components are objects, not functions, yet they are not elements either.
function isComponent<P>(value: ReactNode | ComponentType<P>): value is ComponentType<P> {
  if (typeof value === 'function') return true;
  return typeof value === 'object' && value !== null && '$$typeof' in value && !isValidElement(value);
}

/** Shows the one modal (spec §2), replacing any modal already shown. Callable outside React too. */
export function openModal<TData = unknown>(params: ModalParams<TData>): void {
  const { component, data, ...rest } = params;
  let content: ReactNode = null;
  if (isComponent(component)) content = createElement(component, { data });
  else if (component !== undefined) content = component;
  lastId += 1;
  publish({ ...rest, id: lastId, content, opener: shown ? shown.opener : focusedElement() });
}

/** spec §4: closing hides the modal and clears its embedded component. */
export function closeModal(): void {
  publish(null);
}

/**
 * Changes the shown modal's params, e.g. an embedded form enabling the primary button once valid.
 * Does nothing when no modal is shown.
 */
export function updateModal(patch: Omit<ModalParams, 'component' | 'data'>): void {
  if (shown) publish({ ...shown, ...patch });
}

/** The shown modal, or null when hidden. */
export function getShownModal(): ShownModal | null {
  return shown;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The modal from React: `const { openModal } = useModal(); openModal({ title: 'users.delete.title',
 * primaryButton: { action: remove } })`. The functions are also exported on their own for non-React callers
 * (e.g. the HTTP error handler closes the modal, spec §8).
 */
export function useModal() {
  const current = useSyncExternalStore(subscribe, getShownModal, getShownModal);
  return { shown: current, isOpen: current !== null, openModal, closeModal, updateModal };
}
