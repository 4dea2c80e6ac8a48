import {
  Button,
  ColorPicker,
  ColorSwatch,
  Group,
  Popover,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPalette } from '@tabler/icons-react';
import { useState } from 'react';
import { useAppDispatch, useAppSelector, useT } from '../../../state/hooks';
import { colorChanged, DEFAULT_COLOR } from '../../../state/ui-slice';
import { COLOR_SWATCHES, normaliseHex } from './color';
import { BarIcon } from '../../../components/top-bar-icon';

/**
 * The theme colour (spec screen 1, default #12a182). Dragging only updates the preview; the
 * colour is applied when the drag ends, a swatch is chosen or a typed value is confirmed, so
 * the whole console is not re-themed on every mouse move. Invalid typed values are ignored.
 */
export function ThemeColorPicker() {
  const t = useT();
  const dispatch = useAppDispatch();
  const color = useAppSelector((s) => s.ui.color);
  const [draft, setDraft] = useState(color);
  const [typed, setTyped] = useState(color);
  const [invalid, setInvalid] = useState(false);

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
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" onClick={() => apply(DEFAULT_COLOR)}>
              {t('topbar.colorReset')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
