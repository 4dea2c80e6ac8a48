import { useState } from 'react';
import { closePersonalInfo, usePersonalInfoOpen } from './drawer-state';
import { lazyComponent } from '../../lib/lazy-component';

const PersonalInfoDrawer = lazyComponent(() =>
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
  return <PersonalInfoDrawer opened={opened} onClose={closePersonalInfo} />;
}
