import { PlatformSettingsPage } from './platform-settings-page';

/** /setting/platform/wechat-tencent (CUSTOM_SCREENS). */
export default function WechatTencentPage() {
  return <PlatformSettingsPage platform="wechat-tencent" />;
}
