import { PlatformSettingsPage } from './platform-settings-page';

/** /setting/platform/point-platform (CUSTOM_SCREENS). */
export default function PointPlatformPage() {
  return <PlatformSettingsPage platform="point-platform" />;
}
