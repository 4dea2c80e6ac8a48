import { Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLock } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../state/hooks';
import { useShell } from '../../../state/shell-context';
import { AUTO_LOCK_OPTIONS, setAutoLock, useAutoLock } from './auto-lock';
import { BarIcon } from '../../../components/top-bar-icon';
import { lazyComponent } from '../../../lib/lazy-component';

const SetLockPasswordDialog = lazyComponent(() =>
  import('../../../features/lock/set-lock-dialog').then((m) => ({
    default: m.SetLockPasswordDialog,
  })),
);

/**
 * Lock screen (spec screen 1, section 4): 'lock now' asks the lock machine; without a lock
 * password it first asks for one (the machine is in needsSecret, the dialog is shown), then the
 * screen locks and the console goes to /lock. The same menu holds the idle auto-lock setting.
 */
export function LockMenu() {
  const t = useT();
  const navigate = useNavigate();
  const { lock } = useShell();
  const asking = useSelector(lock, (s) => s.matches('needsSecret') || s.matches('settingSecret'));
  const locked = useSelector(lock, (s) => s.matches('locked'));
  const hasSecret = useSelector(lock, (s) => s.context.secret !== undefined);
  const autoLock = useAutoLock();
  // The dialog (it opens itself from the machine state) loads when first needed, then stays
  // mounted so it can play its closing transition.
  const [dialogLoaded, setDialogLoaded] = useState(false);
  if (asking && !dialogLoaded) setDialogLoaded(true);

  useEffect(() => {
    if (locked) navigate('/lock');
  }, [locked, navigate]);

  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md">
        <Tooltip label={t('topbar.lock')} withArrow openDelay={300}>
          <Menu.Target>
            <BarIcon label={t('topbar.lock')}>
              <IconLock size={20} stroke={1.6} />
            </BarIcon>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconLock size={16} />}
            onClick={() => lock.send({ type: 'lock.request' })}
          >
            {t('topbar.lockNow')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>{t('topbar.autoLock')}</Menu.Label>
          {AUTO_LOCK_OPTIONS.map((minutes) => (
            <Menu.Item
              key={minutes}
              aria-current={autoLock === minutes ? 'true' : undefined}
              leftSection={
                autoLock === minutes ? <IconCheck size={16} /> : <span style={{ width: 16 }} />
              }
              onClick={() => setAutoLock(minutes)}
            >
              {minutes === 0
                ? t('topbar.autoLockOff')
                : t('topbar.autoLockMinutes', { n: minutes })}
            </Menu.Item>
          ))}
          {autoLock > 0 && !hasSecret && (
            <Menu.Label style={{ maxWidth: 220, whiteSpace: 'normal' }}>
              {t('topbar.autoLockNeedsSecret')}
            </Menu.Label>
          )}
        </Menu.Dropdown>
      </Menu>
      {dialogLoaded && <SetLockPasswordDialog />}
    </>
  );
}
