import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useT } from '../../state/hooks';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const isOnline = () => navigator.onLine;
// Rendered on the server (the login snapshot) the console counts as online.
const onlineOnServer = () => true;

/**
 * A small banner while the browser is offline (issue 15 item 19). The live region stays in
 * the page, so its text is announced when the connection drops; RTK Query refetches the
 * lists on display when it returns (`refetchOnReconnect`).
 */
export function OfflineBanner() {
  const t = useT();
  const online = useSyncExternalStore(subscribe, isOnline, onlineOnServer);
  return (
    <div role="status">
      {!online && (
        <Alert
          color="orange"
          variant="light"
          radius={0}
          py={6}
          icon={<IconWifiOff size={16} aria-hidden />}
        >
          {t('layout.offline')}
        </Alert>
      )}
    </div>
  );
}
