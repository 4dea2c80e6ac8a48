import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useT } from '../../../state/hooks';
import { exportCentreDialog } from '../../../state/shell-dialogs';
import { TopBarIcon } from '../../../components/top-bar-icon';
import { lazyComponent } from '../../../lib/lazy-component';

const ExportCentreDialog = lazyComponent(() =>
  import('../../../features/export-centre/export-centre-dialog').then((m) => ({
    default: m.ExportCentreDialog,
  })),
);

/** The download-centre icon (spec screen 1) opening the data export centre (screen 5). */
export function ExportCentreButton() {
  const t = useT();
  const opened = exportCentreDialog.use() === true;
  const [loaded, setLoaded] = useState(false);
  // Opened from the palette too: load the dialog the first time it is asked for.
  if (opened && !loaded) setLoaded(true);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <TopBarIcon
        ref={button}
        label={t('topbar.exportCentre')}
        onClick={() => {
          setLoaded(true);
          exportCentreDialog.open(true);
        }}
      >
        <IconDownload size={20} stroke={1.6} />
      </TopBarIcon>
      {loaded && (
        <ExportCentreDialog
          opened={opened}
          onClose={() => {
            exportCentreDialog.close();
            // The lazy dialog mounts open the first time, when Mantine cannot return focus.
            button.current?.focus();
          }}
        />
      )}
    </>
  );
}
