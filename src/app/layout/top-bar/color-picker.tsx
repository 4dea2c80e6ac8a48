import {
  Button,
  ColorPicker,
  ColorSwatch,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector, useT } from '../../../state/hooks';
import { colorSourceOf, primaryColorOf } from '../../../state/theme';
import { colorChanged, colorReset } from '../../../state/ui-slice';
import { COLOR_SWATCHES, normaliseHex } from './color';
import { BarIcon } from '../../../components/top-bar-icon';

/**
 * The theme colour (spec screen 1, default #12a182). Dragging only updates the preview; the
 * colour is applied when the drag ends, a swatch is chosen or a typed value is confirmed, so
 * the whole console is not re-themed on every mouse move. Invalid typed values are ignored.
 * Who wins (issue 16 item 6): the user's pick, stored for this browser's user, overrides the
 * tenant's saved colour (个性化设置); 恢复默认 drops the pick, so the tenant's colour (or the
 * platform default) applies again. The popover says which one is in use.
 */
export function ThemeColorPicker() {
  const t = useT();
  const dispatch = useAppDispatch();
  const color = useAppSelector((s) => primaryColorOf(s.ui));
  const source = useAppSelector((s) => colorSourceOf(s.ui));
  const tenantColor = useAppSelector((s) => s.ui.personalisation.systemColor);
  const [draft, setDraft] = useState(color);
  const [typed, setTyped] = useState(color);
  const [invalid, setInvalid] = useState(false);
  // The colour in use changed (a pick, 恢复默认, the tenant's colour arriving): show it.
  const [seen, setSeen] = useState(color);
  if (seen !== color) {
    setSeen(color);
    setDraft(color);
    setTyped(color);
  }

  const apply = (value: string) => {
    const hex = normaliseHex(value);
    if (!hex) return;
    setDraft(hex);
    setTyped(hex);
    setInvalid(false);
    dispatch(colorChanged(hex));
  };

  const commitTyped = () => {
    if (normaliseHex(typed)) apply(typed);
    else setInvalid(typed.trim() !== '');
  };

  return (
    <Popover
      width={250}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      onOpen={() => {
        setDraft(color);
        setTyped(color);
        setInvalid(false);
      }}
    >
      <Tooltip label={t('topbar.color')} withArrow openDelay={300}>
        <Popover.Target>
          <BarIcon label={t('topbar.color')}>
            <IconPalette size={20} stroke={1.6} />
          </BarIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown>
        <Stack gap="xs">
          <ColorPicker
            format="hex"
            fullWidth
            value={draft}
            onChange={setDraft}
            onChangeEnd={apply}
            swatches={[...COLOR_SWATCHES]}
            swatchesPerRow={5}
            onColorSwatchClick={apply}
            aria-label={t('topbar.color')}
          />
          <TextInput
            size="xs"
            label={t('topbar.colorValue')}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            onBlur={commitTyped}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commitTyped();
            }}
            error={invalid ? t('topbar.colorInvalid') : undefined}
            leftSection={<ColorSwatch color={normaliseHex(typed) ?? draft} size={14} />}
            spellCheck={false}
          />
          <Text size="xs" c="dimmed" data-color-source={source}>
            {source === 'user'
              ? t('topbar.colorFromUser')
              : source === 'tenant'
                ? t('topbar.colorFromTenant', { color: tenantColor })
                : t('topbar.colorFromPlatform')}
          </Text>
          <Group justify="flex-end">
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={source !== 'user'}
              onClick={() => dispatch(colorReset())}
            >
              {t('topbar.colorReset')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
