import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';
import { useStore } from 'react-redux';
import { Outlet } from 'react-router';
import { installApi } from '../install-api';
import type { AppStore } from '../store';

/** Stub: replaced by the layout implementation. */
export function MainLayout() {
  installApi(useStore() as AppStore);
  return (
    <div>
      <Notifications position="top-center" limit={4} />
      <Outlet />
    </div>
  );
}
