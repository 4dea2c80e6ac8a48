import { PlatformSettingsPage } from './platform-settings-page';

/** /setting/platform/phone-platform (CUSTOM_SCREENS). */
export default function PhonePlatformPage() {
  return <PlatformSettingsPage platform="phone-platform" />;
}
