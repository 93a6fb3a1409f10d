import { useUnit } from 'effector-react';
import { lazy, Suspense, useState } from 'react';
import { $anyDialogOpen } from '../../stores/dialogs';

const DialogHost = lazy(() => import('./dialog-host'));

/** PrimeReact's dialog is not in the first load: the host arrives with the first dialog, then stays. */
export function LazyDialogHost() {
  const anyOpen = useUnit($anyDialogOpen);
  const [needed, setNeeded] = useState(false);
  if (anyOpen && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  ) : null;
}
