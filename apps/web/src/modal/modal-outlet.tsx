import { lazy, Suspense, useState } from 'react';
import { useModal } from './modal-store';

const ModalHost = lazy(async () => ({ default: (await import('./modal-host')).ModalHost }));

/**
 * Where the layout puts the modal host (spec §2). The host and its dialog library load the first time a
 * modal opens, not with every page: most visits never open one.
 */
export function ModalOutlet() {
  const { shown } = useModal();
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  );
}
