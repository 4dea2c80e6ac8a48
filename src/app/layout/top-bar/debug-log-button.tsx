import { Indicator, Tooltip } from '@mantine/core';
import { IconBug } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { isAlarm } from '../../../features/debug-log/debug-log-store';
import { useDebugLog } from '../../../features/debug-log/use-debug-log';
import { useT } from '../../../state/hooks';
import { debugLogDialog } from '../../../state/shell-dialogs';
import { badgeText } from './badge';
import { BarIcon } from '../../../components/top-bar-icon';
import { lazyComponent } from '../../../lib/lazy-component';

const DebugLogDialog = lazyComponent(() =>
  import('../../../features/debug-log/debug-log-dialog').then((m) => ({
    default: m.DebugLogDialog,
  })),
);

/** The debug log icon with its error count (spec: badge, max 99) and the dialog it opens. */
export function DebugLogButton() {
  const t = useT();
  const entries = useDebugLog();
  const opened = debugLogDialog.use() === true;
  // Loaded on first use, then kept mounted so the dialog can play its closing transition.
  const [loaded, setLoaded] = useState(false);
  // Opened from the palette too: load the dialog the first time it is asked for.
  if (opened && !loaded) setLoaded(true);
  const button = useRef<HTMLButtonElement>(null);
  // Errors and failures only: refusals the user was already shown stay in the log, uncounted.
  const badge = badgeText(entries.filter(isAlarm).length);
  const label = badge ? t('topbar.debugLogCount', { count: badge }) : t('topbar.debugLog');
  return (
    <>
      <Tooltip label={label} withArrow openDelay={300}>
        <Indicator label={badge} disabled={!badge} size={16} offset={6} color="red.9" inline>
          <BarIcon
            ref={button}
            label={t('topbar.debugLog')}
            onClick={() => {
              setLoaded(true);
              debugLogDialog.open(true);
            }}
          >
            <IconBug size={20} stroke={1.6} />
          </BarIcon>
        </Indicator>
      </Tooltip>
      {loaded && (
        <DebugLogDialog
          opened={opened}
          onClose={() => {
            debugLogDialog.close();
            // Mantine returns focus only for dialogs that were mounted closed; this one
            // mounts already open the first time (lazy), so focus goes back here explicitly.
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
