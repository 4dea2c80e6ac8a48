import { PlatformSettingsPage } from './platform-settings-page';

/** /setting/platform/message-platform (CUSTOM_SCREENS). */
export default function MessagePlatformPage() {
  return <PlatformSettingsPage platform="message-platform" />;
}
