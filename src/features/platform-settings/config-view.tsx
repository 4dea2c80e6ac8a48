import { Badge, Box, Text } from '@mantine/core';
import { useLang } from '../../state/hooks';
import {
  SECRET_MASK,
  type PlatformConfig,
  type PlatformDeclaration,
  type PlatformField,
} from '../../contracts/platform-settings';
import { translate, type Lang } from '../../i18n';

const DASH = '—';

/** How a stored value reads: secrets as set / not set, options by label, booleans as on/off. */
function shown(field: PlatformField, value: string | boolean | undefined, lang: Lang) {
  switch (field.kind) {
    case 'boolean':
      return value === true ? (
        <Badge color="green" variant="light">
          {translate(lang, 'platformSettings.on')}
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          {translate(lang, 'platformSettings.off')}
        </Badge>
      );
    case 'secret':
      return value === SECRET_MASK || (typeof value === 'string' && value !== '')
        ? translate(lang, 'platformSettings.secretSet')
        : translate(lang, 'platformSettings.secretNotSet');
    case 'select':
      return field.options.find((o) => o.value === value)?.label[lang] ?? (value || DASH);
    default:
      return typeof value === 'string' && value !== '' ? value : DASH;
  }
}

/** The read-only configuration: one term and value per declared field. */
export function ConfigView({
  decl,
  config,
}: {
  decl: PlatformDeclaration;
  config: PlatformConfig;
}) {
  const lang = useLang();
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'minmax(120px, max-content) 1fr',
        columnGap: 24,
        rowGap: 12,
        maxWidth: 720,
      }}
    >
      {decl.fields.map((f) => (
        <Box key={f.key} style={{ display: 'contents' }}>
          <Text component="dt" size="sm" c="dimmed">
            {f.label[lang]}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
            {shown(f, config[f.key], lang)}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
