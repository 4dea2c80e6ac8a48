import { lazy, Suspense, useState } from 'react';
import { closePersonalInfo, usePersonalInfoOpen } from './drawer-state';

const PersonalInfoDrawer = lazy(() =>
  import('./personal-info-drawer').then((m) => ({ default: m.PersonalInfoDrawer })),
);

/**
 * Renders the personal-info drawer once for the whole shell (the top bar mounts this); the
 * drawer's code loads the first time it is opened and then stays for its closing transition.
 */
export function PersonalInfoHost() {
  const opened = usePersonalInfoOpen();
  const [loaded, setLoaded] = useState(opened);
  if (opened && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <PersonalInfoDrawer opened={opened} onClose={closePersonalInfo} />
    </Suspense>
  );
}
