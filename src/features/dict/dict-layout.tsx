import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useLang, useT } from '../../state/hooks';
import { ResourceScreen } from '../../resources/engine/resource-screen';
import { dictEntries, dictParents, type DictScreen } from '../../resources/blade-system/dict-defs';
import type { Dict } from '../../contracts/blade-system/dict';
import type { ResourceDef } from '../../resources/types';
import { DictEntries } from '../../resources/blade-system/dict-entries';
import { dictName } from '../../resources/blade-system/dict-labels';

export interface DictLayoutDefs {
  screen: DictScreen;
  parents: ResourceDef<Dict>;
  entries: ResourceDef<Dict>;
}

/**
 * The declarations of a layout screen (/dict-horizontal/index, /dict-vertical/index): the system
 * dictionary under the screen's own button codes; choosing a dictionary (click, or Enter on its
 * row) shows its entries beside (or below) the list.
 */
export function layoutDefs(screen: DictScreen): DictLayoutDefs {
  return { screen, parents: dictParents(screen), entries: dictEntries(screen) };
}

interface Props {
  defs: DictLayoutDefs;
  /** Dictionaries on the left and entries on the right (wide screens), or entries below. */
  direction: 'horizontal' | 'vertical';
}

/** A dictionary layout: page title, the dictionaries, and the chosen dictionary's entries. */
export function DictLayout({ defs, direction }: Props) {
  const t = useT();
  const lang = useLang();
  const [chosen, setChosen] = useState<Dict>();
  const panes = (
    <>
      <Box miw={0}>
        <Title order={2} size="h4" mb="sm">
          {t('dict.dictionaries')}
        </Title>
        <ResourceScreen
          def={defs.parents as unknown as ResourceDef}
          route={defs.parents.route}
          embedded
          onRowOpen={(row) => setChosen(row as unknown as Dict)}
        />
      </Box>
      <Box miw={0}>
        <Title order={2} size="h4" mb="sm">
          {chosen ? t('dict.entriesOf', { name: dictName(chosen, lang) }) : t('dict.entries')}
        </Title>
        {chosen ? (
          // A new dictionary starts a fresh entry table (filters, page, selection).
          <DictEntries
            key={chosen.id}
            service={defs.screen.service}
            entries={defs.entries}
            parent={chosen}
          />
        ) : (
          <Paper withBorder p="lg">
            <Text c="dimmed">
              {t(direction === 'horizontal' ? 'dict.chooseLeft' : 'dict.chooseAbove')}
            </Text>
          </Paper>
        )}
      </Box>
    </>
  );
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {defs.screen.title[lang]}
      </Title>
      {direction === 'horizontal' ? (
        <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
          {panes}
        </SimpleGrid>
      ) : (
        <Stack gap="xl">{panes}</Stack>
      )}
    </Stack>
  );
}
