import { ActionIcon, Group, Popover, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { memo, useId, useState } from 'react';

/**
 * A column header with hover help (spec: 'header may carry a hover help popover'): the label
 * and a small '?' button whose popover shows the help on hover, on keyboard focus and on click;
 * Esc or leaving closes it. The click does not reach the header (which would sort).
 */
export const HeaderWithHelp = memo(function HeaderWithHelp({
  label,
  help,
  buttonLabel,
}: {
  label: string;
  help: string;
  /** The button's accessible name, e.g. '参数键值说明'. */
  buttonLabel: string;
}) {
  const [opened, setOpened] = useState(false);
  const id = useId();
  return (
    <Group gap={4} wrap="nowrap">
      <span>{label}</span>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="top"
        withArrow
        shadow="md"
        withRoles={false}
        trapFocus={false}
        returnFocus={false}
      >
        <Popover.Target>
          <ActionIcon
            size="xs"
            variant="subtle"
            color="gray"
            aria-label={buttonLabel}
            aria-describedby={opened ? id : undefined}
            aria-expanded={opened}
            onMouseEnter={() => setOpened(true)}
            onMouseLeave={() => setOpened(false)}
            onFocus={() => setOpened(true)}
            onBlur={() => setOpened(false)}
            onClick={(e) => {
              e.stopPropagation();
              setOpened(true);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && opened) {
                e.stopPropagation();
                setOpened(false);
              }
            }}
          >
            <IconHelpCircle size={14} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown id={id} role="tooltip" maw={280} style={{ pointerEvents: 'none' }}>
          <Text size="sm">{help}</Text>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
});
